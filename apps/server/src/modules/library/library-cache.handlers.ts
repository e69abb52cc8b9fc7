import { defineHandler } from '../events/events.service.js';
import { bumpLibraryOwner } from './library-cache.js';
import { findItemOfUpload } from './library.repository.js';

/**
 * Forgets an owner's cached library listings (library-cache.ts) when the processing of one of their
 * library files ended (`upload.ready`, `upload.failed`: its status, size and type in the listing
 * changed). One statement (the file's item); nothing for an upload outside any library.
 */
export const libraryCacheHandler = defineHandler({
  name: 'library.cache',
  types: ['upload.ready', 'upload.failed'],
  async handle(event, { deps, db }) {
    const item = await findItemOfUpload(db, event.payload.upload_id);
    if (item) await bumpLibraryOwner(deps, item.ownerId);
  },
});
