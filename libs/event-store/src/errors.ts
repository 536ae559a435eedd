/** Errors the store raises; each names what went wrong so ingestion can report field and reason. */

export class WrongExpectedVersionError extends Error {
  constructor(
    readonly streamId: string,
    readonly expected: number,
    readonly actual: number,
  ) {
    super(`stream ${streamId} is at version ${actual}, expected ${expected}`);
    this.name = 'WrongExpectedVersionError';
  }
}

export class EventIdConflictError extends Error {
  constructor(readonly eventId: string) {
    super(`event id ${eventId} was already used for an event with other content`);
    this.name = 'EventIdConflictError';
  }
}
