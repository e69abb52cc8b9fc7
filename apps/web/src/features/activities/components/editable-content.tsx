import { memo, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Button, Card, Flex, Popconfirm, Space, Switch, Tag, Typography } from 'antd';
import { DeleteOutlined, EditOutlined, HolderOutlined, PlusOutlined } from '@ant-design/icons';
import { closestCorners, DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ActivitySummary, ContentModule, CourseContent } from '@atrium/contracts';
import { useSaveContentOrder } from '../api';
import { activityDndId, moduleDndId, moveInContent, orderBodyOf } from '../lib/content-order';
import { activityPath } from '../lib/activity-rules';
import { ActivityStatus } from './activity-status';
import { ModuleSummary } from './module-summary';
import './content.css';
import { useToast } from '../../../lib/toast';

/** What the instructor can do to modules and activities (the page owns the popups and calls). */
export interface ContentActions {
  onEditModule: (module: ContentModule) => void;
  onDeleteModule: (module: ContentModule) => void;
  onPublishModule: (module: ContentModule, published: boolean) => void;
  onAddActivity: (module: ContentModule) => void;
  onEditActivity: (activity: ActivitySummary) => void;
  onDeleteActivity: (activity: ActivitySummary) => void;
  onPublishActivity: (activity: ActivitySummary, published: boolean) => void;
}

type Sortable = ReturnType<typeof useSortable>;

function DragHandle({
  label,
  setRef,
  attributes,
  listeners,
}: {
  label: string;
  setRef: Sortable['setActivatorNodeRef'];
  attributes: Sortable['attributes'];
  listeners: Sortable['listeners'];
}) {
  return (
    <button ref={setRef} type="button" className="content-icon-button is-handle" aria-label={label} {...attributes} {...listeners}>
      <HolderOutlined aria-hidden />
    </button>
  );
}

const SortableActivity = memo(function SortableActivity({
  courseId,
  activity,
  actions,
}: {
  courseId: number;
  activity: ActivitySummary;
  actions: ContentActions;
}) {
  const { t } = useTranslation('activities');
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: activityDndId(activity.id) });
  return (
    <li
      ref={setNodeRef}
      className="content-row"
      data-testid="content-activity"
      style={{
        transform: CSS.Transform.toString(transform),
        transition,
        opacity: isDragging ? 0.5 : 1,
        position: 'relative',
        zIndex: isDragging ? 2 : undefined,
      }}
    >
      <span className="content-row-main">
        <DragHandle label={t('content.moveActivity', { title: activity.title })} setRef={setActivatorNodeRef} attributes={attributes} listeners={listeners} />
        <span className="content-chip">{t(`types.${activity.type}`)}</span>
        <Link to={activityPath(courseId, activity)}>{activity.title}</Link>
        <ActivityStatus activity={activity} showCompletion={false} />
      </span>
      <span className="content-row-actions">
        <button
          type="button"
          role="switch"
          aria-checked={activity.is_published}
          aria-label={t('content.publishActivity', { title: activity.title })}
          className={`content-chip content-switch${activity.is_published ? ' is-success' : ''}`}
          onClick={() => actions.onPublishActivity(activity, !activity.is_published)}
        >
          {activity.is_published ? t('content.published') : t('content.unpublished')}
        </button>
        <button
          type="button"
          className="content-icon-button"
          aria-label={t('content.editActivity', { title: activity.title })}
          title={t('content.editActivity', { title: activity.title })}
          onClick={() => actions.onEditActivity(activity)}
        >
          <EditOutlined aria-hidden />
        </button>
        <button
          type="button"
          className="content-icon-button is-danger"
          aria-label={t('content.deleteActivity', { title: activity.title })}
          title={t('content.deleteActivity', { title: activity.title })}
          onClick={() => actions.onDeleteActivity(activity)}
        >
          <DeleteOutlined aria-hidden />
        </button>
      </span>
    </li>
  );
});

function SortableModule({ courseId, module, actions, children }: { courseId: number; module: ContentModule; actions: ContentActions; children?: ReactNode }) {
  const { t } = useTranslation('activities');
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: moduleDndId(module.id) });
  return (
    <div ref={setNodeRef} style={{ transform: CSS.Transform.toString(transform), transition, opacity: isDragging ? 0.5 : 1, marginBottom: 12 }}>
      <Card
        size="small"
        data-testid="content-module"
        title={
          <Flex align="center" gap={8}>
            <DragHandle label={t('content.moveModule', { title: module.title })} setRef={setActivatorNodeRef} attributes={attributes} listeners={listeners} />
            <Typography.Title level={3} style={{ fontSize: 16, margin: 0 }}>
              {module.title}
            </Typography.Title>
            {!module.is_published && <Tag>{t('status.unpublished')}</Tag>}
          </Flex>
        }
        extra={
          <Space wrap>
            <Switch
              size="small"
              checked={module.is_published}
              aria-label={t('content.publishModule', { title: module.title })}
              checkedChildren={t('content.published')}
              unCheckedChildren={t('content.unpublished')}
              onChange={(checked) => actions.onPublishModule(module, checked)}
            />
            <Button size="small" icon={<PlusOutlined />} onClick={() => actions.onAddActivity(module)}>
              {t('content.addActivity')}
            </Button>
            <Button
              size="small"
              type="text"
              icon={<EditOutlined />}
              aria-label={t('content.editModule', { title: module.title })}
              onClick={() => actions.onEditModule(module)}
            />
            <Popconfirm
              title={t('content.deleteModuleConfirm')}
              okText={t('content.delete')}
              cancelText={t('form.cancel')}
              onConfirm={() => actions.onDeleteModule(module)}
            >
              <Button size="small" type="text" danger icon={<DeleteOutlined />} aria-label={t('content.deleteModule', { title: module.title })} />
            </Popconfirm>
          </Space>
        }
      >
        {module.summary ? <ModuleSummary html={module.summary} /> : null}
        <SortableContext items={module.activities.map((a) => activityDndId(a.id))} strategy={verticalListSortingStrategy}>
          {module.activities.length === 0 ? (
            <Typography.Text type="secondary">{t('content.emptyModule')}</Typography.Text>
          ) : (
            <ul className="content-rows">
              {module.activities.map((activity) => (
                <SortableActivity key={activity.id} courseId={courseId} activity={activity} actions={actions} />
              ))}
            </ul>
          )}
        </SortableContext>
        {children}
      </Card>
    </div>
  );
}

/**
 * The instructor's content editor: modules and activities reordered by drag and
 * drop (pointer or keyboard: focus a handle, Space, arrows, Space), activities
 * also across modules; each drop saves the whole order in one call
 * (`PUT /api/courses/{id}/content/order`), reverted if refused.
 */
export function EditableContent({ courseId, content, actions }: { courseId: number; content: CourseContent; actions: ContentActions }) {
  const { t } = useTranslation('activities');
  const toast = useToast();
  const saveOrder = useSaveContentOrder(courseId);
  // Stable callbacks, so a change to one row (or a drag) does not redraw the other 599.
  const latestActions = useRef(actions);
  useEffect(() => {
    latestActions.current = actions;
  });
  const stableActions = useMemo<ContentActions>(
    () => ({
      onEditModule: (m) => latestActions.current.onEditModule(m),
      onDeleteModule: (m) => latestActions.current.onDeleteModule(m),
      onPublishModule: (m, p) => latestActions.current.onPublishModule(m, p),
      onAddActivity: (m) => latestActions.current.onAddActivity(m),
      onEditActivity: (a) => latestActions.current.onEditActivity(a),
      onDeleteActivity: (a) => latestActions.current.onDeleteActivity(a),
      onPublishActivity: (a, p) => latestActions.current.onPublishActivity(a, p),
    }),
    [],
  );
  const [isDragging, setDragging] = useState(false);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    setDragging(false);
    const modules = moveInContent(content.modules, active.id, over?.id);
    if (modules === content.modules) return;
    saveOrder.mutate(
      { body: orderBodyOf(modules), optimistic: { ...content, modules: [...modules] } },
      { onError: (error) => toast.error(error, t('content.orderFailed')) },
    );
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCorners}
      onDragStart={() => setDragging(true)}
      onDragCancel={() => setDragging(false)}
      onDragEnd={onDragEnd}
      accessibility={{ screenReaderInstructions: { draggable: t('content.dragInstructions') } }}
    >
      <div aria-busy={saveOrder.isPending || isDragging}>
        <SortableContext items={content.modules.map((m) => moduleDndId(m.id))} strategy={verticalListSortingStrategy}>
          {content.modules.map((module) => (
            <SortableModule key={module.id} courseId={courseId} module={module} actions={stableActions} />
          ))}
        </SortableContext>
      </div>
    </DndContext>
  );
}
