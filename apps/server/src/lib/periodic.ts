/**
 * A background job on a timer: `pass` runs first after `firstDelayMs`, then every `intervalMs`, never two at once (a
 * pass still running when the next is due is left to finish). Timers are unref'd: they never keep the process alive.
 * `stop` clears them and waits for a pass in flight. `pass` must not throw (it logs its own failures).
 */
export class Periodic {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> | undefined;

  constructor(private readonly pass: () => Promise<unknown>) {}

  start(intervalMs: number, firstDelayMs: number): void {
    const run = () => {
      if (this.running) return;
      this.running = this.pass().finally(() => {
        this.running = undefined;
      });
    };
    this.timer = setTimeout(
      () => {
        run();
        this.timer = setInterval(run, intervalMs);
        this.timer.unref();
      },
      Math.min(firstDelayMs, intervalMs),
    );
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearTimeout(this.timer);
    clearInterval(this.timer);
    await this.running;
  }
}
