/** A promise a test settles by hand: `await signal.done` waits until `signal.fire()` is called. */
export interface Signal {
  done: Promise<void>;
  fire: () => void;
}

export function signal(): Signal {
  let fire!: () => void;
  const done = new Promise<void>((resolve) => {
    fire = resolve;
  });
  return { done, fire };
}
