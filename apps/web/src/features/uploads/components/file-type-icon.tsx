import {
  AudioOutlined,
  FileExcelOutlined,
  FileImageOutlined,
  FileOutlined,
  FilePdfOutlined,
  FilePptOutlined,
  FileTextOutlined,
  FileWordOutlined,
  FileZipOutlined,
  VideoCameraOutlined,
} from '@ant-design/icons';
import { extensionOf } from '@atrium/contracts';

/** Icon for a file by its upload type and extension (pdf, word, excel, ppt, image, video, audio, zip, text). */
export function FileTypeIcon({ name, type }: { name: string; type: string }) {
  const ext = extensionOf(name);
  const style = { fontSize: 22 };
  if (ext === 'pdf') return <FilePdfOutlined style={{ ...style, color: '#d4380d' }} aria-hidden />;
  if (['doc', 'docx', 'odt', 'rtf'].includes(ext)) return <FileWordOutlined style={{ ...style, color: '#1677ff' }} aria-hidden />;
  if (['xls', 'xlsx', 'ods', 'csv'].includes(ext)) return <FileExcelOutlined style={{ ...style, color: '#389e0d' }} aria-hidden />;
  if (['ppt', 'pptx', 'odp'].includes(ext)) return <FilePptOutlined style={{ ...style, color: '#d46b08' }} aria-hidden />;
  if (type === 'image') return <FileImageOutlined style={{ ...style, color: '#722ed1' }} aria-hidden />;
  if (type === 'video' || type === 'link') return <VideoCameraOutlined style={{ ...style, color: '#08979c' }} aria-hidden />;
  if (type === 'audio') return <AudioOutlined style={{ ...style, color: '#c41d7f' }} aria-hidden />;
  if (type === 'scorm' || ext === 'zip') return <FileZipOutlined style={{ ...style, color: '#595959' }} aria-hidden />;
  if (['txt', 'md'].includes(ext)) return <FileTextOutlined style={{ ...style, color: '#595959' }} aria-hidden />;
  return <FileOutlined style={{ ...style, color: '#595959' }} aria-hidden />;
}
