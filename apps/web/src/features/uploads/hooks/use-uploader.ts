import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { checkUploadFile, DEFAULT_MAX_UPLOAD_BYTES, UPLOAD_CONCURRENCY, type Upload } from '@atrium/contracts';
import { isApiError, serverMessageOf } from '../../../lib/api-client';
import { createUpload, putUploadBytes, uploadKeys } from '../api';
import { violationMessages } from '../lib/violation-messages';

/**
 * Transfer state of one chosen file (spec §4 upload lifecycle): `rejected` by the
 * local rules, `queued`, `creating` the record, `uploading` bytes, then
 * `finished`, `failed`, `aborted` (status 0) or `createFailed`.
 */
export type UploadItemStatus = 'rejected' | 'queued' | 'creating' | 'uploading' | 'finished' | 'failed' | 'aborted' | 'createFailed';

/** One file in the uploader's list. `percent` is 0–100; `errors` are user-facing messages. */
export interface UploadItem {
  uid: string;
  name: string;
  size: number;
  status: UploadItemStatus;
  percent: number;
  errors: string[];
  upload?: Upload;
}

/** Where uploaded files are attached: a course by id (spec §3 Upload parent_type/parent_id). */
export interface UploaderTarget {
  parentType: 'course';
  parentId: number;
}

let nextUid = 0;

/**
 * The app's one uploader: checks each file with the shared rules (spec §5), creates
 * the upload on the server, PUTs the bytes with progress, at most
 * UPLOAD_CONCURRENCY (5) at a time, and refreshes the course's file list on success.
 */
export function useUploader(target: UploaderTarget) {
  const { t } = useTranslation('uploads');
  const queryClient = useQueryClient();
  const [items, setItems] = useState<UploadItem[]>([]);
  const queue = useRef<{ uid: string; file: File }[]>([]);
  const active = useRef(0);
  const mounted = useRef(true);
  const controllers = useRef(new Map<string, AbortController>());

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
      return serverMessageOf(error) ?? t('status.unknownError');
    },
    [t],
  );

  /** Creates one upload on the server, then PUTs its bytes (spec §4: created first, then transferred). */
  const transfer = useCallback(
    async (uid: string, file: File) => {
      update(uid, { status: 'creating' });
      let created: Upload;
      try {
        created = await createUpload({ name: file.name, size: file.size, parent_type: target.parentType, parent_id: target.parentId });
      } catch (error) {
        update(uid, { status: 'createFailed', errors: [errorText(error)] });
        return;
      }
      if (!created.upload_url) {
        update(uid, { status: 'failed', errors: [t('status.noUploadUrl')], upload: created });
        return;
      }
      update(uid, { status: 'uploading', percent: 0, upload: created });
      const controller = new AbortController();
      controllers.current.set(uid, controller);
      try {
        const finished = await putUploadBytes(created.upload_url, file, (percent) => update(uid, { percent }), controller.signal);
        update(uid, { status: 'finished', percent: 100, upload: finished ?? created });
        void queryClient.invalidateQueries({ queryKey: uploadKeys.course(target.parentId) });
      } catch (error) {
        update(uid, { status: isApiError(error) && error.status === 0 ? 'aborted' : 'failed', errors: [errorText(error)] });
      } finally {
        controllers.current.delete(uid);
      }
    },
    [errorText, queryClient, t, target.parentId, target.parentType, update],
  );

  /** Starts queued transfers while fewer than UPLOAD_CONCURRENCY run. */
  const pump = useCallback(() => {
    const startNext = () => {
      while (active.current < UPLOAD_CONCURRENCY && queue.current.length > 0) {
        const job = queue.current.shift();
        if (!job) break;
        active.current += 1;
        void transfer(job.uid, job.file).finally(() => {
          active.current -= 1;
          startNext();
        });
      }
    };
    startNext();
  }, [transfer]);

  /** Adds chosen files: rejected ones are listed with their messages, the rest queue for transfer. */
  const addFiles = useCallback(
    (files: readonly File[]) => {
      const added: UploadItem[] = [];
      for (const file of files) {
        const uid = `upload-${++nextUid}`;
        const violations = checkUploadFile(file, { maxBytes: DEFAULT_MAX_UPLOAD_BYTES, checkExtension: true });
        if (violations.length > 0) {
          added.push({ uid, name: file.name, size: file.size, status: 'rejected', percent: 0, errors: violationMessages(violations, t) });
        } else {
          added.push({ uid, name: file.name, size: file.size, status: 'queued', percent: 0, errors: [] });
          queue.current.push({ uid, file });
        }
      }
      setItems((list) => [...added, ...list]);
      pump();
    },
    [pump, t],
  );

  /** Removes an item from the list, cancelling its transfer when one runs. */
  const remove = useCallback((uid: string) => {
    controllers.current.get(uid)?.abort();
    queue.current = queue.current.filter((job) => job.uid !== uid);
    setItems((list) => list.filter((item) => item.uid !== uid));
  }, []);

  /** Removes finished items from the list. */
  const clearFinished = useCallback(() => setItems((list) => list.filter((item) => item.status !== 'finished')), []);

  return { items, addFiles, remove, clearFinished };
}
