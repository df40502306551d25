/**
 * Claims the first of some candidates that is still free. A queue's claim picks its candidates without a
 * lock, then takes one with an update of that one row that checks again that it is claimable: two workers
 * racing for a row both see it, the second's update waits for the first's commit and then matches nothing,
 * and it goes on to the next. A Citus cluster runs `FOR UPDATE SKIP LOCKED` only within one company's rows,
 * and a queue's claim looks across companies (docs/citus.md).
 */
export async function claimFirst<Candidate, Claimed>(
  candidates: readonly Candidate[],
  claim: (candidate: Candidate) => Promise<Claimed | undefined>,
): Promise<Claimed | undefined> {
  for (const candidate of candidates) {
    const claimed = await claim(candidate);
    if (claimed) return claimed;
  }
  return undefined;
}

/** How many candidates a claim looks at: enough for the workers that race for the head of a queue. */
export const CLAIM_CANDIDATES = 8;
