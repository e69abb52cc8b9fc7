import { useMemo, useState } from 'react';
import { LazyRichTextEditor } from '../../../components/rich-text-editor/lazy-rich-text-editor';
import type { EditorImageUploader } from '../../../components/rich-text-editor/rich-text-editor';
import { courseImageUploader } from '../../activities/lib/upload-editor-image';
import { MentionPicker } from './mention-picker';

/**
 * The forum's rich text field: the app's editor (formulas, code, tables; images for the course team,
 * who may upload to the course) with the @mention picker under its toolbar (also opened by typing `@`).
 * An antd form control (`value` / `onChange`).
 */
export function ForumEditor({
  courseId,
  value,
  onChange,
  canUploadImages,
  minHeight = 140,
  'aria-label': label,
}: {
  courseId: number;
  value?: string;
  onChange?: (html: string) => void;
  canUploadImages?: boolean;
  minHeight?: number;
  'aria-label'?: string;
}) {
  const [isPicking, setPicking] = useState(false);
  const uploadImage = useMemo<EditorImageUploader | undefined>(
    () => (canUploadImages && courseId > 0 ? courseImageUploader(courseId) : undefined),
    [canUploadImages, courseId],
  );
  return (
    <LazyRichTextEditor
      value={value}
      onChange={onChange}
      aria-label={label}
      minHeight={minHeight}
      onUploadImage={uploadImage}
      onAtSign={courseId > 0 ? () => setPicking(true) : undefined}
      renderAddon={
        courseId > 0
          ? (editor) => (
              <div style={{ padding: '2px 6px', borderBottom: '1px solid #f0f0f0' }}>
                <MentionPicker
                  courseId={courseId}
                  open={isPicking}
                  onOpenChange={(open) => {
                    setPicking(open);
                    if (!open) editor.focus();
                  }}
                  onPick={(user) => editor.insertMention(user)}
                />
              </div>
            )
          : undefined
      }
    />
  );
}
