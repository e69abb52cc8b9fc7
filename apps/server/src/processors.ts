import { audioProcessor, officeProcessor, pdfProcessor, videoProcessor } from './jobs/upload-processors.js';
import { coursePackageProcessor } from './modules/imports/course-package.processor.js';
import { scormProcessor } from './modules/scorm/scorm.processor.js';
import { registerProcessor } from './modules/uploads/processing-registry.js';
import { registerUploadCreationCheck, registerUploadDeletion, registerUploadParent, registerUploadReuse } from './modules/uploads/upload-parents.js';
import { submissionUploadParent } from './modules/homework/homework.policy.js';
import { bulletinUploadParent } from './modules/bulletins/bulletins.policy.js';
import { entryUploadParent } from './modules/entries/entries.policy.js';
import { replyUploadParent, topicUploadParent } from './modules/forum/forum.policy.js';
import { libraryUploadParent } from './modules/library/library.policy.js';
import { quotaUploadCheck, trashLibraryUpload } from './modules/library/library.service.js';
import { planUploadCheck } from './modules/orgs/plans.service.js';
import { sharedUploadReuse } from './modules/resource-groups/resource-groups.service.js';

/**
 * Registers every upload processor with the uploads module's pipeline
 * (decision 0082). Called by buildApp for the server and the worker alike:
 * the API needs the processors to choose an upload's queue, workers to run
 * them. Order is match priority: a course package or SCORM zip is recognised
 * before the tool-based kinds. Safe to call more than once.
 */
export function registerUploadProcessors(): void {
  for (const processor of [coursePackageProcessor, scormProcessor, videoProcessor, audioProcessor, officeProcessor, pdfProcessor]) registerProcessor(processor);
}

/** Upload parents other modules own (upload-parents.ts): a homework submission's files, a bulletin's and a forum topic's or reply's attachments, a vocabulary entry's files. Idempotent. */
export function registerUploadParents(): void {
  registerUploadParent('submission', submissionUploadParent);
  registerUploadParent('bulletin', bulletinUploadParent);
  registerUploadParent('entry', entryUploadParent);
  registerUploadParent('forum_topic', topicUploadParent);
  registerUploadParent('forum_reply', replyUploadParent);
  // My library (decision 0132): its files, and the storage quota every new upload is checked against.
  registerUploadParent('library', libraryUploadParent);
  registerUploadCreationCheck('plan-expiry', planUploadCheck);
  registerUploadCreationCheck('storage-quota', quotaUploadCheck);
  registerUploadDeletion('library', trashLibraryUpload);
  // Resource sharing (decision 0134): a library file shared with the actor may be used in their activities by reference.
  registerUploadReuse('library', sharedUploadReuse);
}
