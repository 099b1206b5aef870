export const RECEIVED_ACTION_TYPES = [
  'invitation',
  'message',
  'inmail',
  'profile_visit',
  'invitation_withdrawal',
] as const;
export type ReceivedActionType = (typeof RECEIVED_ACTION_TYPES)[number];

/** One action the simulator performed, as listed by `GET /_sim/received`. */
export interface ReceivedAction {
  /** 1, 2, 3... in the order the actions were performed. */
  seq: number;
  type: ReceivedActionType;
  accountId: string;
  publicIdentifier: string;
  note: string | null;
  content: string | null;
  /** The invitation or message id the simulator answered with; null for a profile visit. */
  resultId: string | null;
  at: string;
}

export interface ReceivedFilter {
  accountId?: string | undefined;
  publicIdentifier?: string | undefined;
  type?: ReceivedActionType | undefined;
}

type NewAction = Omit<ReceivedAction, 'seq' | 'at' | 'resultId'>;

/** Every action performed, in order: what duplicate counts are made of. */
export class ReceivedLog {
  private actions: ReceivedAction[] = [];

  record(action: NewAction, at: Date, resultId: string | null): void {
    this.actions.push({ seq: this.actions.length + 1, ...action, resultId, at: at.toISOString() });
  }

  list(filter: ReceivedFilter = {}): ReceivedAction[] {
    return this.actions
      .filter(
        (a) =>
          (filter.accountId === undefined || a.accountId === filter.accountId) &&
          (filter.publicIdentifier === undefined || a.publicIdentifier === filter.publicIdentifier) &&
          (filter.type === undefined || a.type === filter.type),
      )
      .map((a) => ({ ...a }));
  }

  clear(): void {
    this.actions = [];
  }
}
