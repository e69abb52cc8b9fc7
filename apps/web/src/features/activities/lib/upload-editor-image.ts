import { checkUploadFile, DEFAULT_MAX_UPLOAD_BYTES, UPLOAD_CHUNK_SIZE_BYTES } from '@atrium/contracts';
import { createUpload, putUploadBytes } from '../../uploads/api';
import { fingerprintOf, saveProgress, transferByBlocks } from '../../uploads/lib/block-transfer';

/**
 * Uploads an image chosen in the rich text editor through the upload pipeline
 * (spec §4: the upload is created on the server first, then its bytes are sent;
 * above 4 MiB by blocks) as a file of the course, and answers the address the
 * page shows it at (`/api/uploads/{id}/blob`). Throws with the rule's key for a
 * file the upload rules refuse (spec §5), or the ApiError of a failed call.
 */
export function courseImageUploader(courseId: number) {
  return async (file: File): Promise<{ src: string; alt: string }> => {
    const violations = checkUploadFile(file, { maxBytes: DEFAULT_MAX_UPLOAD_BYTES, checkExtension: true });
    if (violations.length > 0) throw new Error(violations.map((v) => v.key).join(', '));
    const created = await createUpload({ name: file.name, size: file.size, parent_type: 'course', parent_id: courseId });
    if (!created.upload_url) throw new Error('no upload url');
    if (file.size <= UPLOAD_CHUNK_SIZE_BYTES) {
      await putUploadBytes(created.upload_url, file, () => undefined);
    } else {
      const fingerprint = fingerprintOf(file, `course-${courseId}`);
      saveProgress(fingerprint, { uploadId: created.id, key: created.key, size: created.size, savedAt: Date.now(), blocks: {} });
      await transferByBlocks(created, file, fingerprint, () => undefined);
    }
    return { src: `/api/uploads/${created.id}/blob`, alt: file.name };
  };
}
