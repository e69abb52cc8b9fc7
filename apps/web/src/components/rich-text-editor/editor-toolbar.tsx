import { useRef, type KeyboardEvent, type ReactNode } from 'react';
import { Button, Dropdown, Select, Tooltip } from 'antd';
import {
  BookOutlined,
  BoldOutlined,
  ClearOutlined,
  CodeOutlined,
  FontColorsOutlined,
  FunctionOutlined,
  ItalicOutlined,
  LineOutlined,
  LinkOutlined,
  MenuFoldOutlined,
  MenuUnfoldOutlined,
  OrderedListOutlined,
  PictureOutlined,
  StrikethroughOutlined,
  TableOutlined,
  UnderlineOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import type { Editor } from '@tiptap/react';
import { useTranslation } from 'react-i18next';
import { EDITOR_COLORS, FONT_SCALE_PX, MAX_INDENT, type EditorToolbarItem } from './toolbar-items';

/** What the toolbar asks its editor to open (popups and the image file chooser). */
export interface ToolbarPopups {
  openLink: () => void;
  openCode: () => void;
  openFormula: () => void;
  chooseImage: () => void;
  isImageEnabled: boolean;
  isUploadingImage: boolean;
  /** Opens the entries select popup (issue 19 §4); absent: no entries button. */
  openEntries?: () => void;
}

function changeIndent(editor: Editor, delta: 1 | -1) {
  if (editor.isActive('listItem')) {
    if (delta > 0) editor.chain().focus().sinkListItem('listItem').run();
    else editor.chain().focus().liftListItem('listItem').run();
    return;
  }
  const type = editor.isActive('heading') ? 'heading' : 'paragraph';
  const current = Number(editor.getAttributes(type).indent ?? 0);
  const next = Math.min(MAX_INDENT, Math.max(0, current + delta));
  editor.chain().focus().updateAttributes(type, { indent: next }).run();
}

function titleValue(editor: Editor): string {
  for (const level of [1, 2, 3, 4]) if (editor.isActive('heading', { level })) return `h${level}`;
  return 'p';
}

/**
 * The editor's toolbar (spec §9 defaults in the given order), a WAI-ARIA toolbar:
 * Tab, or ← → Home End, move between controls; every control has a translated
 * label, toggles expose `aria-pressed`.
 */
export function EditorToolbar({ editor, items, lng, popups }: { editor: Editor; items: readonly EditorToolbarItem[]; lng: string; popups: ToolbarPopups }) {
  const { t } = useTranslation('editor', { lng });
  const bar = useRef<HTMLDivElement>(null);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!['ArrowLeft', 'ArrowRight', 'Home', 'End'].includes(event.key)) return;
    const target = event.target as HTMLElement;
    if (target.closest('.ant-select')) return;
    const controls = Array.from(bar.current?.querySelectorAll<HTMLElement>('button:not([disabled]), input, .ant-select-selector input') ?? []);
    const index = controls.indexOf(target);
    if (index < 0) return;
    event.preventDefault();
    const next =
      event.key === 'Home'
        ? 0
        : event.key === 'End'
          ? controls.length - 1
          : (index + (event.key === 'ArrowRight' ? 1 : -1) + controls.length) % controls.length;
    controls[next]?.focus();
  };

  const toggle = (key: string, label: string, icon: ReactNode, isActive: boolean, run: () => void) => (
    <Tooltip title={label} key={key}>
      <Button
        size="small"
        type={isActive ? 'primary' : 'text'}
        aria-label={label}
        aria-pressed={isActive}
        icon={icon}
        data-toolbar-item={key}
        onClick={run}
        onMouseDown={(e) => e.preventDefault()}
      />
    </Tooltip>
  );
  const action = (key: string, label: string, icon: ReactNode, run: () => void, disabled = false) => (
    <Tooltip title={label} key={key}>
      <Button
        size="small"
        type="text"
        aria-label={label}
        icon={icon}
        data-toolbar-item={key}
        onClick={run}
        disabled={disabled}
        onMouseDown={(e) => e.preventDefault()}
      />
    </Tooltip>
  );
  const chain = () => editor.chain().focus();

  const render = (item: EditorToolbarItem): ReactNode => {
    switch (item) {
      case 'clean':
        return action('clean', t('toolbar.clean'), <ClearOutlined />, () => chain().unsetAllMarks().clearNodes().run());
      case 'title':
        return (
          <span key="title" data-toolbar-item="title">
            <Select
              size="small"
              aria-label={t('toolbar.title')}
              value={titleValue(editor)}
              style={{ width: 110 }}
              popupMatchSelectWidth={false}
              onChange={(value: string) =>
                value === 'p'
                  ? chain().setParagraph().run()
                  : chain()
                      .setHeading({ level: Number(value.slice(1)) as 1 | 2 | 3 | 4 })
                      .run()
              }
              options={['p', 'h1', 'h2', 'h3', 'h4'].map((value) => ({ value, label: t(`title.${value}`) }))}
            />
          </span>
        );
      case 'bold':
        return toggle('bold', t('toolbar.bold'), <BoldOutlined />, editor.isActive('bold'), () => chain().toggleBold().run());
      case 'italic':
        return toggle('italic', t('toolbar.italic'), <ItalicOutlined />, editor.isActive('italic'), () => chain().toggleItalic().run());
      case 'underline':
        return toggle('underline', t('toolbar.underline'), <UnderlineOutlined />, editor.isActive('underline'), () => chain().toggleUnderline().run());
      case 'strikethrough':
        return toggle('strikethrough', t('toolbar.strikethrough'), <StrikethroughOutlined />, editor.isActive('strike'), () => chain().toggleStrike().run());
      case 'fontScale': {
        const size = String(editor.getAttributes('textStyle').fontSize ?? '');
        return (
          <span key="fontScale" data-toolbar-item="fontScale">
            <Select
              size="small"
              aria-label={t('toolbar.fontScale')}
              value={size}
              style={{ width: 90 }}
              popupMatchSelectWidth={false}
              onChange={(value: string) => (value ? chain().setFontSize(value).run() : chain().unsetFontSize().run())}
              options={[{ value: '', label: t('fontScale.default') }, ...FONT_SCALE_PX.map((px) => ({ value: `${px}px`, label: `${px}px` }))]}
            />
          </span>
        );
      }
      case 'color':
        return (
          <Dropdown
            key="color"
            trigger={['click']}
            menu={{
              items: [
                { key: '', label: t('color.default') },
                ...EDITOR_COLORS.map((color) => ({ key: color, label: <span style={{ color }}>■ {color}</span> })),
              ],
              onClick: ({ key }) => (key ? chain().setColor(key).run() : chain().unsetColor().run()),
            }}
          >
            <Button
              size="small"
              type="text"
              aria-label={t('toolbar.color')}
              aria-haspopup="menu"
              data-toolbar-item="color"
              icon={<FontColorsOutlined />}
              onMouseDown={(e) => e.preventDefault()}
            />
          </Dropdown>
        );
      case 'lists':
        return (
          <span key="lists" data-toolbar-item="lists" role="group" aria-label={t('toolbar.lists')} style={{ display: 'inline-flex' }}>
            {toggle('bulletList', t('toolbar.bulletList'), <UnorderedListOutlined />, editor.isActive('bulletList'), () => chain().toggleBulletList().run())}
            {toggle('orderedList', t('toolbar.orderedList'), <OrderedListOutlined />, editor.isActive('orderedList'), () => chain().toggleOrderedList().run())}
          </span>
        );
      case 'blockquote':
        return toggle(
          'blockquote',
          t('toolbar.blockquote'),
          <span aria-hidden style={{ fontWeight: 700 }}>
            “
          </span>,
          editor.isActive('blockquote'),
          () => chain().toggleBlockquote().run(),
        );
      case 'code':
        return action('code', t('toolbar.code'), <CodeOutlined />, popups.openCode);
      case 'table': {
        const inTable = editor.isActive('table');
        return (
          <Dropdown
            key="table"
            trigger={['click']}
            menu={{
              items: [
                { key: 'insert', label: t('table.insert'), disabled: inTable },
                { key: 'addRow', label: t('table.addRow'), disabled: !inTable },
                { key: 'addColumn', label: t('table.addColumn'), disabled: !inTable },
                { key: 'deleteRow', label: t('table.deleteRow'), disabled: !inTable },
                { key: 'deleteColumn', label: t('table.deleteColumn'), disabled: !inTable },
                { key: 'deleteTable', label: t('table.deleteTable'), disabled: !inTable },
              ],
              onClick: ({ key }) => {
                const c = chain();
                if (key === 'insert') c.insertTable({ rows: 3, cols: 3, withHeaderRow: true }).run();
                if (key === 'addRow') c.addRowAfter().run();
                if (key === 'addColumn') c.addColumnAfter().run();
                if (key === 'deleteRow') c.deleteRow().run();
                if (key === 'deleteColumn') c.deleteColumn().run();
                if (key === 'deleteTable') c.deleteTable().run();
              },
            }}
          >
            <Button
              size="small"
              type="text"
              aria-label={t('toolbar.table')}
              aria-haspopup="menu"
              data-toolbar-item="table"
              icon={<TableOutlined />}
              onMouseDown={(e) => e.preventDefault()}
            />
          </Dropdown>
        );
      }
      case 'link':
        return toggle('link', t('toolbar.link'), <LinkOutlined />, editor.isActive('link'), popups.openLink);
      case 'image':
        return action(
          'image',
          popups.isUploadingImage ? t('image.uploading') : t('toolbar.image'),
          <PictureOutlined />,
          popups.chooseImage,
          !popups.isImageEnabled || popups.isUploadingImage,
        );
      case 'hr':
        return action('hr', t('toolbar.hr'), <LineOutlined />, () => chain().setHorizontalRule().run());
      case 'indent':
        return action('indent', t('toolbar.indent'), <MenuUnfoldOutlined />, () => changeIndent(editor, 1));
      case 'outdent':
        return action('outdent', t('toolbar.outdent'), <MenuFoldOutlined />, () => changeIndent(editor, -1));
      case 'superscript':
        return toggle('superscript', t('toolbar.superscript'), <span aria-hidden>x²</span>, editor.isActive('superscript'), () =>
          chain().toggleSuperscript().run(),
        );
      case 'subscript':
        return toggle('subscript', t('toolbar.subscript'), <span aria-hidden>x₂</span>, editor.isActive('subscript'), () => chain().toggleSubscript().run());
      case 'formula':
        return action('formula', t('toolbar.formula'), <FunctionOutlined />, popups.openFormula);
    }
  };

  return (
    <div ref={bar} role="toolbar" aria-label={t('toolbar.label')} onKeyDown={onKeyDown} className="rte-toolbar">
      {items.map(render)}
      {popups.openEntries && action('entries', t('toolbar.entries'), <BookOutlined />, popups.openEntries)}
    </div>
  );
}
