import { useMemo } from 'react';
import { Tree, type TreeDataNode } from 'antd';
import { FolderOutlined, HomeOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { LibraryFolderTree } from '@atrium/contracts';

/** The root's key in the tree (folders use their id). */
export const ROOT_KEY = 'root';

/** Folders as antd tree nodes under one root node ("My library"), optionally without `exclude` and what is under it. */
export function folderNodes(tree: LibraryFolderTree | undefined, rootTitle: string, exclude?: number): TreeDataNode[] {
  const children = new Map<number | null, { id: number; name: string }[]>();
  for (const f of tree?.folders ?? []) children.set(f.parent_id, [...(children.get(f.parent_id) ?? []), f]);
  const build = (parent: number | null): TreeDataNode[] =>
    (children.get(parent) ?? [])
      .filter((f) => f.id !== exclude)
      .map((f) => ({ key: f.id, title: f.name, icon: <FolderOutlined aria-hidden />, children: build(f.id) }));
  return [{ key: ROOT_KEY, title: rootTitle, icon: <HomeOutlined aria-hidden />, children: build(null) }];
}

/** The folder tree beside the list (keyboard: arrows move, Enter opens). */
export function FolderTree({
  tree,
  selected,
  onSelect,
}: {
  tree: LibraryFolderTree | undefined;
  selected: number | null;
  onSelect: (id: number | null) => void;
}) {
  const { t } = useTranslation('library');
  const data = useMemo(() => folderNodes(tree, t('title')), [tree, t]);
  return (
    <nav aria-label={t('tree.label')} data-testid="library-tree">
      <Tree
        showIcon
        blockNode
        defaultExpandAll
        treeData={data}
        selectedKeys={[selected ?? ROOT_KEY]}
        onSelect={(keys) => {
          const key = keys[0];
          if (key !== undefined) onSelect(key === ROOT_KEY ? null : Number(key));
        }}
      />
    </nav>
  );
}
