/**
 * The `loading` of a save button: shown only when the save takes longer than a moment. A spinner that
 * appears and is withdrawn within a frame or two can leave antd's icon stuck in its leave motion (the
 * width it animates never changes, so the transition never ends), keeping the button pale and named
 * "loading" after the save has finished; a quick refusal then looked like a save still running.
 */
export const busy = (saving: boolean) => (saving ? { delay: 200 } : false);
