import type { AnswerValue } from '@atrium/contracts';
import { isApiError } from '../../../lib/api-client';

/**
 * Where an autosave stands: `idle` nothing changed yet, `pending` a change waits for the quiet
 * delay, `saving` a call is out, `saved` everything given is stored, `retrying` a call failed
 * (network, server) and is tried again, `failed` the server refused the answers (4xx, not retried
 * until the next change or flush), `closed` the attempt was submitted (deadline or elsewhere).
 */
export type AutosaveStatus = 'idle' | 'pending' | 'saving' | 'saved' | 'retrying' | 'failed' | 'closed';

/** What the queue reports after each step. */
export interface AutosaveState {
  status: AutosaveStatus;
  /** Server time of the last successful save (ISO), or null. */
  savedAt: string | null;
  /** The last failure, or null. */
  error: unknown;
}

/** Sends a batch of answers (`PUT /api/exam-attempts/{id}/answers`); resolves with the server's `saved_at`. */
export type SaveAnswers = (answers: { subject_id: number; answer: AnswerValue }[]) => Promise<{ saved_at: string }>;

/** Wait before trying a failed save again: 1 s, 2 s, 4 s … at most 30 s. */
export function retryDelayMs(failures: number): number {
  return Math.min(30_000, 1000 * 2 ** Math.max(0, failures - 1));
}

/**
 * The autosave of one attempt's answers (issue 15), free of React: changes are gathered per
 * subject (the latest wins) and sent together once `delayMs` pass without a change, or at once
 * by `flush`. One call is out at a time. A failed call keeps its answers (newer ones win) and is
 * retried with backoff; a 409 (ATTEMPT_SUBMITTED, EXAM_DEADLINE_PASSED) closes the queue
 * (status `closed`, the 409 as `error`); another 4xx stops until the next change.
 */
export class AutosaveQueue {
  private readonly pending = new Map<number, AnswerValue>();
  private debounce: ReturnType<typeof setTimeout> | undefined;
  private retry: ReturnType<typeof setTimeout> | undefined;
  private inflight: Promise<void> | null = null;
  private failures = 0;
  private isRefused = false;
  private state: AutosaveState = { status: 'idle', savedAt: null, error: null };

  constructor(
    private readonly save: SaveAnswers,
    private report: (state: AutosaveState) => void,
    private readonly delayMs = 800,
  ) {}

  /** True once the server said the attempt is submitted. */
  get isClosed(): boolean {
    return this.state.status === 'closed';
  }

  /** Whether answers are given but not yet stored. */
  get hasUnsaved(): boolean {
    return this.pending.size > 0 || this.inflight !== null;
  }

  private set(next: Partial<AutosaveState>): void {
    this.state = { ...this.state, ...next };
    this.report(this.state);
  }

  /** Takes an answer as given; it is sent after `delayMs` without further changes. */
  change(subjectId: number, answer: AnswerValue): void {
    if (this.isClosed) return;
    this.pending.set(subjectId, answer);
    if (this.state.status !== 'saving' && this.state.status !== 'retrying') this.set({ status: 'pending' });
    clearTimeout(this.debounce);
    this.debounce = setTimeout(() => {
      clearTimeout(this.retry);
      void this.send();
    }, this.delayMs);
  }

  /** Sends what waits now: `saved` when nothing is left unsaved, `closed` when the attempt was submitted meanwhile. */
  async flush(): Promise<'saved' | 'unsaved' | 'closed'> {
    clearTimeout(this.debounce);
    clearTimeout(this.retry);
    await this.send();
    if (this.isClosed) return 'closed';
    return !this.isRefused && this.pending.size === 0 && this.failures === 0 ? 'saved' : 'unsaved';
  }

  /** Stops the timers (the page goes away); what waits is sent once more, without reporting. */
  dispose(): void {
    clearTimeout(this.debounce);
    clearTimeout(this.retry);
    this.report = () => {};
    if (this.pending.size > 0 && !this.isClosed) void this.send();
  }

  private send(): Promise<void> {
    if (this.inflight) return this.inflight.then(() => this.send());
    if (this.isClosed || this.pending.size === 0) return Promise.resolve();
    const batch = new Map(this.pending);
    this.pending.clear();
    this.isRefused = false;
    this.set({ status: 'saving' });
    const answers = [...batch].map(([subject_id, answer]) => ({ subject_id, answer }));
    this.inflight = this.save(answers).then(
      (result) => {
        this.inflight = null;
        this.failures = 0;
        this.set({ status: this.pending.size > 0 ? 'pending' : 'saved', savedAt: result.saved_at, error: null });
      },
      (error: unknown) => {
        this.inflight = null;
        // Keep what failed, unless a newer answer to the same subject came meanwhile.
        for (const [id, answer] of batch) if (!this.pending.has(id)) this.pending.set(id, answer);
        if (isApiError(error, 409)) {
          this.pending.clear();
          this.set({ status: 'closed', error });
          return;
        }
        if (isApiError(error) && error.status >= 400 && error.status < 500 && error.status !== 408 && error.status !== 429) {
          this.isRefused = true;
          this.set({ status: 'failed', error });
          return;
        }
        this.failures += 1;
        this.set({ status: 'retrying', error });
        clearTimeout(this.retry);
        this.retry = setTimeout(() => void this.send(), retryDelayMs(this.failures));
      },
    );
    return this.inflight;
  }
}
