import { useRef, useState } from 'react';
import { Button, Flex, List, Modal, Space, Typography } from 'antd';
import { FolderOpenOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { checkUploadFile, checkUploadFolder, DEFAULT_MAX_UPLOAD_BYTES, formatBytes, isIgnoredUploadName } from '@atrium/contracts';
import { useUploadSettings } from '../api';
import { violationMessages } from '../lib/violation-messages';
import type { AddFilesOptions } from '../hooks/use-uploader';
import { useToast } from '../../../lib/toast';

interface SetAside {
  file: File;
  reasons: string[];
}

// antd's Form styles show input[type=file] (display: block) over the `hidden` attribute.
const HIDDEN = { display: 'none' } as const;

const pathOf = (file: File) => (file as File & { webkitRelativePath?: string }).webkitRelativePath || file.name;

/**
 * "Upload file" and "Upload folder" buttons over hidden inputs
 * (`data-testid="upload-input"` and `"upload-folder-input"`, so tests can set
 * files directly). Checks the chosen files first (spec §5): a folder deeper
 * than the organisation allows or with too many files is refused with its
 * message; `.DS_Store` is skipped; empty, unsupported, oversize and badly named
 * files are set aside in the upload-not-supported popup, from which the user
 * continues with the rest. `allowFolder={false}` hides the folder button.
 */
export function UploadButton({
  onFiles,
  disabled,
  allowFolder = true,
}: {
  onFiles: (files: File[], options?: AddFilesOptions) => void;
  disabled?: boolean;
  allowFolder?: boolean;
}) {
  const { t } = useTranslation('uploads');
  const input = useRef<HTMLInputElement>(null);
  const folderInput = useRef<HTMLInputElement>(null);
  const settings = useUploadSettings();
  const [pending, setPending] = useState<{ accepted: File[]; setAside: SetAside[]; options: AddFilesOptions } | null>(null);
  const toast = useToast();

  const choose = (chosen: File[], isFolder: boolean) => {
    const files = chosen.filter((f) => !isIgnoredUploadName(f.name));
    const rules = { maxBytes: settings.data?.maxUploadBytes ?? DEFAULT_MAX_UPLOAD_BYTES, checkExtension: settings.data?.checkUploadExtension ?? true };
    if (isFolder) {
      const folderViolations = checkUploadFolder(files.map(pathOf), {
        maxLevel: settings.data?.maxLevelInUploadFolder ?? 5,
        maxCount: settings.data?.maxFileCountInUploadFolder ?? 500,
      });
      if (folderViolations.length > 0) {
        for (const v of folderViolations) toast.error(t(v.key, v.values));
        return;
      }
    }
    const accepted: File[] = [];
    const setAside: SetAside[] = [];
    for (const file of files) {
      const violations = checkUploadFile(file, rules);
      if (violations.length > 0) setAside.push({ file, reasons: violationMessages(violations, t) });
      else accepted.push(file);
    }
    const options = isFolder ? { folderFileCount: files.length } : {};
    if (setAside.length > 0) setPending({ accepted, setAside, options });
    else if (accepted.length > 0) onFiles(accepted, options);
  };

  const onChange = (isFolder: boolean) => (event: React.ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.currentTarget.files ?? []);
    event.currentTarget.value = '';
    if (files.length > 0) choose(files, isFolder);
  };

  return (
    <>
      <input ref={input} type="file" multiple hidden style={HIDDEN} data-testid="upload-input" aria-label={t('button.upload')} onChange={onChange(false)} />
      <input
        ref={folderInput}
        type="file"
        multiple
        hidden
        style={HIDDEN}
        data-testid="upload-folder-input"
        aria-label={t('button.uploadFolder')}
        onChange={onChange(true)}
        {...({ webkitdirectory: '', directory: '' } as Record<string, string>)}
      />
      <Space wrap>
        <Button type="primary" icon={<UploadOutlined aria-hidden />} disabled={disabled || settings.isPending} onClick={() => input.current?.click()}>
          {t('button.upload')}
        </Button>
        {allowFolder && (
          <Button icon={<FolderOpenOutlined aria-hidden />} disabled={disabled || settings.isPending} onClick={() => folderInput.current?.click()}>
            {t('button.uploadFolder')}
          </Button>
        )}
      </Space>
      <Modal
        open={pending !== null}
        title={t('notSupported.title')}
        okText={t('notSupported.continue', { count: pending?.accepted.length ?? 0 })}
        cancelText={t('notSupported.cancel')}
        // Nothing left to upload: no "Upload the other 0 files" action, only Cancel.
        footer={(_, { OkBtn, CancelBtn }) => (
          <>
            <CancelBtn />
            {(pending?.accepted.length ?? 0) > 0 && <OkBtn />}
          </>
        )}
        onOk={() => {
          if (pending && pending.accepted.length > 0) onFiles(pending.accepted, pending.options);
          setPending(null);
        }}
        onCancel={() => setPending(null)}
      >
        <Typography.Paragraph>{t('notSupported.intro', { count: pending?.setAside.length ?? 0 })}</Typography.Paragraph>
        <List
          size="small"
          data-testid="upload-not-supported-list"
          dataSource={pending?.setAside ?? []}
          rowKey={(entry) => pathOf(entry.file)}
          renderItem={(entry) => (
            <List.Item data-testid="upload-not-supported-item">
              <Flex vertical>
                <Typography.Text strong>
                  {pathOf(entry.file)} ({formatBytes(entry.file.size)})
                </Typography.Text>
                {entry.reasons.map((reason) => (
                  <Typography.Text key={reason} type="danger">
                    {reason}
                  </Typography.Text>
                ))}
              </Flex>
            </List.Item>
          )}
        />
      </Modal>
    </>
  );
}
