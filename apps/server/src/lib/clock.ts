/** Time source; tests pass a controllable clock to cross period boundaries. */
export interface Clock {
  now: () => Date;
}

export const systemClock: Clock = { now: () => new Date() };
