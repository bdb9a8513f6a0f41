/**
 * Where a request's time went inside the api, as a standard `Server-Timing` header: each mark
 * is the time since the previous one. The arrival is given as a wall-clock epoch (ms), so a
 * bench can line the api's steps up with Temporal's event timestamps on the same host.
 */
export class StepTimer {
  /** Wall clock, as Temporal stamps its events; the durations come from the monotonic clock. */
  readonly arrivedAt = Date.now();
  private last = performance.now();
  private readonly steps: [string, number][] = [];

  mark(step: string): void {
    const now = performance.now();
    this.steps.push([step, now - this.last]);
    this.last = now;
  }

  header(): string {
    return [`arrival;desc="${this.arrivedAt}"`, ...this.steps.map(([step, ms]) => `${step};dur=${ms.toFixed(2)}`)].join(', ');
  }
}
