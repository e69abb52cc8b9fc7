import { useState } from 'react';
import { Alert, Form, Modal, Select } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { searchUsers, useAddTeamTeachers, useDepartments, useTeamTeachingOrgs } from '../header-api';
import { isLargeList } from '../lib/header-rules';
import { useToast } from '../../../lib/toast';

/** Which pieces of the team-teaching form are missing (each flagged on its own, issue 3 §5). */
export function missingTeamPieces(v: { orgId?: number | undefined; departmentId?: number | undefined; userIds: number[] }) {
  return { missingOrg: v.orgId === undefined, missingDepartment: v.departmentId === undefined, missingUser: v.userIds.length === 0 };
}

/**
 * Add team-teaching instructors (spec §7): organisation (orgs with the
 * org_team_teaching toggle), department, then users found by keywords excluding
 * students. Failure shows the server's message as a toast (spec §8). A user list
 * of 8000+ options switches to the large-list widget (spec §9).
 */
export function TeamTeachingPopup({ courseId, open, onClose }: { courseId: number; open: boolean; onClose: () => void }) {
  const { t } = useTranslation('courses');
  const toast = useToast();
  const [orgId, setOrgId] = useState<number>();
  const [departmentId, setDepartmentId] = useState<number>();
  const [userIds, setUserIds] = useState<number[]>([]);
  const [keywords, setKeywords] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const orgs = useTeamTeachingOrgs(open);
  const departments = useDepartments(orgId);
  const users = useQuery({
    queryKey: ['users', 'search', orgId, departmentId, keywords],
    queryFn: () => searchUsers({ keywords, exclude_student_role: true, org_id: orgId, department_id: departmentId }),
    enabled: open && orgId !== undefined && departmentId !== undefined,
  });
  const add = useAddTeamTeachers(courseId);
  const missing = missingTeamPieces({ orgId, departmentId, userIds });
  const userOptions = (users.data?.users ?? []).map((u) => ({ value: u.id, label: `${u.name} (${u.user_no})` }));
  const large = isLargeList(userOptions.length);

  const submit = () => {
    setSubmitted(true);
    if (missing.missingOrg || missing.missingDepartment || missing.missingUser) return;
    add.mutate(userIds, {
      onSuccess: (answer) => {
        toast.success(answer.message);
        setUserIds([]);
        setSubmitted(false);
        onClose();
      },
      onError: (error) => toast.error(error, t('common:result.error.title')),
    });
  };

  return (
    <Modal
      open={open}
      title={t('team.title')}
      okText={t('team.submit')}
      cancelText={t('common:action.cancel')}
      confirmLoading={add.isPending}
      onCancel={onClose}
      onOk={submit}
      destroyOnHidden
    >
      {orgs.data && orgs.data.orgs.length === 0 && <Alert type="info" showIcon title={t('team.disabled')} style={{ marginBottom: 12 }} />}
      <Form layout="vertical">
        <Form.Item
          label={t('team.org')}
          validateStatus={submitted && missing.missingOrg ? 'error' : undefined}
          help={submitted && missing.missingOrg ? t('team.missingOrg') : undefined}
        >
          <Select
            aria-label={t('team.org')}
            loading={orgs.isPending}
            value={orgId}
            onChange={(value: number) => {
              setOrgId(value);
              setDepartmentId(undefined);
              setUserIds([]);
            }}
            options={(orgs.data?.orgs ?? []).map((o) => ({ value: o.id, label: o.name }))}
          />
        </Form.Item>
        <Form.Item
          label={t('team.department')}
          validateStatus={submitted && missing.missingDepartment ? 'error' : undefined}
          help={submitted && missing.missingDepartment ? t('team.missingDepartment') : undefined}
        >
          <Select
            aria-label={t('team.department')}
            disabled={orgId === undefined}
            loading={departments.isFetching}
            value={departmentId}
            onChange={(value: number) => {
              setDepartmentId(value);
              setUserIds([]);
            }}
            options={(departments.data?.departments ?? []).map((d) => ({ value: d.id, label: d.name }))}
          />
        </Form.Item>
        <Form.Item
          label={t('team.users')}
          validateStatus={submitted && missing.missingUser ? 'error' : undefined}
          help={submitted && missing.missingUser ? t('team.missingUser') : undefined}
        >
          <Select
            aria-label={t('team.users')}
            mode="multiple"
            disabled={departmentId === undefined}
            showSearch={{ filterOption: false, onSearch: setKeywords }}
            loading={users.isFetching}
            value={userIds}
            onChange={setUserIds}
            options={userOptions}
            data-large-list={large ? 'true' : 'false'}
            virtual
            listHeight={large ? 400 : 256}
            maxTagCount={large ? 'responsive' : undefined}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
