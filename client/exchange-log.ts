import type { Exchange } from './exchange.js';

/**
 * The exchanges of the current case or property, newest last, bounded, so a failure can
 * attach what was sent and received. Nothing leaves it unredacted: render with exchange-text.ts.
 */
export class ExchangeRecorder {
  private items: Exchange[] = [];
  private label: string | undefined;

  constructor(readonly limit = 50) {}

  /** Start a new case or property: earlier exchanges are dropped. */
  begin(label?: string): void {
    this.items = [];
    this.label = label;
  }

  record(exchange: Exchange): void {
    this.items.push(exchange);
    if (this.items.length > this.limit) this.items.splice(0, this.items.length - this.limit);
  }

  get current(): string | undefined {
    return this.label;
  }

  all(): readonly Exchange[] {
    return [...this.items];
  }

  last(): Exchange | undefined {
    return this.items[this.items.length - 1];
  }

  clear(): void {
    this.items = [];
  }
}
