import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { checkUploadFile, DEFAULT_MAX_UPLOAD_BYTES, UPLOAD_CHUNK_SIZE_BYTES, UPLOAD_CONCURRENCY, type Upload } from '@atrium/contracts';
import { isApiError, serverMessageOf } from '../../../lib/api-client';
import { createUpload, fetchUpload, putUploadBytes, uploadKeys } from '../api';
import { fingerprintOf, loadProgress, saveProgress, transferByBlocks } from '../lib/block-transfer';
import { violationMessages } from '../lib/violation-messages';

/**
 * Transfer state of one chosen file (spec §4 upload lifecycle): `rejected` by the
 * local rules, `queued`, `creating` the record, `uploading` bytes (`resumed` when
 * it continues from stored blocks), then `finished`, `failed`, `aborted`
 * (status 0: dropped connection or cancelled) or `createFailed`.
 */
export type UploadItemStatus = 'rejected' | 'queued' | 'creating' | 'uploading' | 'resumed' | 'finished' | 'failed' | 'aborted' | 'createFailed';

/** The statuses of an item still on its way (waiting, being created or sent). */
export const RUNNING_UPLOAD_STATUSES: readonly UploadItemStatus[] = ['queued', 'creating', 'uploading', 'resumed'];

/** One file in the uploader's list. `percent` is 0–100, `sentBytes` bytes sent; `errors` are user-facing messages; `retry` requeues a failed transfer. */
export interface UploadItem {
  uid: string;
  name: string;
  size: number;
  status: UploadItemStatus;
  percent: number;
  sentBytes: number;
  errors: string[];
  upload?: Upload;
  /** The file's path inside an uploaded folder (spec §5 folder upload). */
  relativePath?: string;
  retry?: () => void;
}

/** Where uploaded files are attached: a course by id, or the user's own files (spec §3 Upload parent_type/parent_id; e.g. calendar event attachments). */
export type UploaderTarget = { parentType: 'course'; parentId: number } | { parentType: 'user'; parentId?: undefined };

/** Options of one batch: a folder's file count, which the server checks again (spec §5). */
export interface AddFilesOptions {
  folderFileCount?: number;
}

let nextUid = 0;

const relativePathOf = (file: File) => (file as File & { webkitRelativePath?: string }).webkitRelativePath || undefined;

/**
 * The app's one uploader (spec §4): checks each file with the shared rules
 * (spec §5), creates the upload on the server first, then transfers it — a
 * direct PUT up to 4 MiB, the block protocol above, resuming from the block
 * list kept in the browser for 24 h after a reload or a dropped connection —
 * at most UPLOAD_CONCURRENCY (5) at a time, with progress per file. Failed and
 * interrupted files can be retried; interrupted ones retry by themselves when
 * the browser comes back online. Refreshes the course's file list on success.
 * `onError` is the error callback of spec §4 (creation failure, failed or aborted transfer).
 */
export function useUploader(target: UploaderTarget, callbacks: { onError?: (item: { name: string; status: UploadItemStatus }, error: unknown) => void } = {}) {
  const { t } = useTranslation('uploads');
  const onErrorRef = useRef(callbacks.onError);
  useEffect(() => {
    onErrorRef.current = callbacks.onError;
  }, [callbacks.onError]);
  const queryClient = useQueryClient();
  const [items, setItems] = useState<UploadItem[]>([]);
  const queue = useRef<{ uid: string; file: File; options: AddFilesOptions }[]>([]);
  const files = useRef(new Map<string, { file: File; options: AddFilesOptions }>());
  const active = useRef(0);
  const mounted = useRef(true);
  const controllers = useRef(new Map<string, AbortController>());
  const pumpRef = useRef<() => void>(() => undefined);

  useEffect(() => {
    mounted.current = true;
    const running = controllers.current;
    return () => {
      mounted.current = false;
      for (const controller of running.values()) controller.abort();
    };
  }, []);

  const update = useCallback((uid: string, patch: Partial<UploadItem>) => {
    if (!mounted.current) return;
    setItems((list) => list.map((item) => (item.uid === uid ? { ...item, ...patch } : item)));
  }, []);

  const errorText = useCallback(
    (error: unknown) => {
      if (isApiError(error) && error.status === 0) return t('status.abortedHint');
      // The storage quota (decision 0132): the server names `size` with its message key.
      if (isApiError(error) && error.code === 'QUOTA_EXCEEDED') return t(error.errors.size?.[0] === 'library.orgQuotaExceeded' ? 'quota.org' : 'quota.user');
      return serverMessageOf(error) ?? t('status.unknownError');
    },
    [t],
  );

  /** The upload to continue: the one named by stored progress when it still awaits its bytes, else a new one. */
  const uploadFor = useCallback(
    async (file: File, fingerprint: string, options: AddFilesOptions): Promise<{ upload: Upload; isResumed: boolean }> => {
      const saved = loadProgress(fingerprint);
      if (saved) {
        try {
          const upload = await fetchUpload(saved.uploadId);
          if (upload.upload_url && upload.size === file.size) return { upload, isResumed: true };
        } catch {
          // gone or no longer ours: start afresh
        }
        saveProgress(fingerprint, undefined);
      }
      const relativePath = relativePathOf(file);
      const upload = await createUpload({
        name: file.name,
        size: file.size,
        parent_type: target.parentType,
        ...(target.parentId !== undefined ? { parent_id: target.parentId } : {}),
        ...(relativePath ? { relative_path: relativePath, folder_file_count: options.folderFileCount ?? 1 } : {}),
      });
      return { upload, isResumed: false };
    },
    [target.parentId, target.parentType],
  );

  /** Creates (or finds) one upload on the server, then sends its bytes (spec §4: created first, then transferred). */
  const transfer = useCallback(
    async (uid: string, file: File, options: AddFilesOptions) => {
      update(uid, { status: 'creating', errors: [] });
      const fingerprint = fingerprintOf(file, `${target.parentType}-${target.parentId ?? 'me'}`);
      let created: Upload;
      let isResumed: boolean;
      try {
        ({ upload: created, isResumed } = await uploadFor(file, fingerprint, options));
      } catch (error) {
        update(uid, { status: 'createFailed', errors: [errorText(error)] });
        onErrorRef.current?.({ name: file.name, status: 'createFailed' }, error);
        return;
      }
      if (!created.upload_url) {
        update(uid, { status: 'failed', errors: [t('status.noUploadUrl')], upload: created });
        return;
      }
      update(uid, { status: isResumed ? 'resumed' : 'uploading', upload: created });
      const controller = new AbortController();
      controllers.current.set(uid, controller);
      const onBytes = (sent: number) => update(uid, { sentBytes: sent, percent: file.size > 0 ? Math.min(100, Math.round((sent / file.size) * 100)) : 100 });
      try {
        let finished: Upload;
        if (file.size <= UPLOAD_CHUNK_SIZE_BYTES) {
          finished = await putUploadBytes(created.upload_url, file, (percent) => onBytes(Math.round((percent / 100) * file.size)), controller.signal);
        } else {
          if (!isResumed) saveProgress(fingerprint, { uploadId: created.id, key: created.key, size: created.size, savedAt: Date.now(), blocks: {} });
          finished = await transferByBlocks(created, file, fingerprint, onBytes, controller.signal);
        }
        update(uid, { status: 'finished', percent: 100, sentBytes: file.size, upload: finished ?? created });
        if (target.parentType === 'course') void queryClient.invalidateQueries({ queryKey: uploadKeys.course(target.parentId) });
      } catch (error) {
        const status = isApiError(error) && error.status === 0 ? 'aborted' : 'failed';
        update(uid, { status, errors: [errorText(error)] });
        onErrorRef.current?.({ name: file.name, status }, error);
      } finally {
        controllers.current.delete(uid);
      }
    },
    [errorText, queryClient, t, target.parentId, target.parentType, update, uploadFor],
  );

  /** Starts queued transfers while fewer than UPLOAD_CONCURRENCY run. */
  const pump = useCallback(() => {
    const startNext = () => {
      while (active.current < UPLOAD_CONCURRENCY && queue.current.length > 0) {
        const job = queue.current.shift();
        if (!job) break;
        active.current += 1;
        void transfer(job.uid, job.file, job.options).finally(() => {
          active.current -= 1;
          startNext();
        });
      }
    };
    startNext();
  }, [transfer]);
  useEffect(() => {
    pumpRef.current = pump;
  }, [pump]);

  /** Queues a failed, interrupted or not-created file again; it resumes from its stored blocks. */
  const retry = useCallback(
    (uid: string) => {
      const entry = files.current.get(uid);
      if (!entry || queue.current.some((job) => job.uid === uid) || controllers.current.has(uid)) return;
      queue.current.push({ uid, file: entry.file, options: entry.options });
      update(uid, { status: 'queued', errors: [] });
      pumpRef.current();
    },
    [update],
  );

  /** Adds chosen files: rejected ones are listed with their messages, the rest queue for transfer. */
  const addFiles = useCallback(
    (chosen: readonly File[], options: AddFilesOptions = {}) => {
      const added: UploadItem[] = [];
      for (const file of chosen) {
        const uid = `upload-${++nextUid}`;
        const relativePath = relativePathOf(file);
        const violations = checkUploadFile(file, { maxBytes: DEFAULT_MAX_UPLOAD_BYTES, checkExtension: true });
        const base = { uid, name: file.name, size: file.size, percent: 0, sentBytes: 0, ...(relativePath ? { relativePath } : {}) };
        if (violations.length > 0) {
          added.push({ ...base, status: 'rejected', errors: violationMessages(violations, t) });
        } else {
          files.current.set(uid, { file, options });
          added.push({ ...base, status: 'queued', errors: [], retry: () => retry(uid) });
          queue.current.push({ uid, file, options });
        }
      }
      setItems((list) => [...added, ...list]);
      pump();
    },
    [pump, retry, t],
  );

  const itemsRef = useRef(items);
  useEffect(() => {
    itemsRef.current = items;
  }, [items]);

  // A dropped network: interrupted transfers retry by themselves once the browser is online again.
  useEffect(() => {
    const onOnline = () => {
      for (const item of itemsRef.current) if (item.status === 'aborted') retry(item.uid);
    };
    window.addEventListener('online', onOnline);
    return () => window.removeEventListener('online', onOnline);
  }, [retry]);

  /** Removes an item from the list, cancelling its transfer when one runs (its stored blocks stay for a later resume). */
  const remove = useCallback((uid: string) => {
    controllers.current.get(uid)?.abort();
    queue.current = queue.current.filter((job) => job.uid !== uid);
    files.current.delete(uid);
    setItems((list) => list.filter((item) => item.uid !== uid));
  }, []);

  /** Cancels a running or queued transfer but keeps it listed as aborted, so it can be retried. */
  const cancel = useCallback(
    (uid: string) => {
      controllers.current.get(uid)?.abort();
      if (queue.current.some((job) => job.uid === uid)) {
        queue.current = queue.current.filter((job) => job.uid !== uid);
        update(uid, { status: 'aborted', errors: [] });
      }
    },
    [update],
  );

  /** Removes finished items from the list. */
  const clearFinished = useCallback(() => setItems((list) => list.filter((item) => item.status !== 'finished')), []);

  return { items, addFiles, remove, cancel, retry, clearFinished };
}
