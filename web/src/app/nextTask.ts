/** Ends the current task: work after it runs in a task of its own, not in one long task of a phone's main thread. */
export const nextTask = () => new Promise((resolve) => setTimeout(resolve));
