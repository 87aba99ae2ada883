/** A counter that went down between two entries: a reset or a restored backup, taken as a new start. */
export interface CounterReset {
  uuid: string;
  stat: string;
  /** The server day (days since 1970-01-01, local date) it was seen at. */
  day: number;
  from: number;
  to: number;
}
