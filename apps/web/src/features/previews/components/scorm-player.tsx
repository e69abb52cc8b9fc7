import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Alert, Flex, Menu, Tag, Typography } from 'antd';
import { Result } from '../../../components/result';
import { Scorm12API, Scorm2004API } from 'scorm-again';
import { useTranslation } from 'react-i18next';
import type { ScormRuntime, ScormSummary, ScormVersion, Sco } from '@atrium/contracts';
import { serverMessageOf } from '../../../lib/api-client';
import { PageSpinner } from '../../../components/page-spinner';
import { fetchScormRuntime, putScormRuntime, scormLaunchUrl } from '../api';
import { useVisitorActivityId } from '../lib/visitor-context';
import { cmiForRelaunch, cmiOfRendered, reportedStatusOf } from '../lib/scorm-cmi';
import { connectScormBridge } from './scorm-bridge';

type RuntimeApi = Scorm12API | Scorm2004API;

/**
 * The SCORM player (spec §3 Scorm, §4 display status, §7): shows `status_code`
 * and `message` until the package is ready; then the SCO list and an iframe
 * launching `/api/uploads/scorm/{id}?sco=…&preview=true`, which the server sends to
 * the package content origin (issue 20 §3: another origin, no session). The
 * scorm-again runtime stays on this page, loaded from `GET …/runtime` and committed
 * with `PUT …/runtime` on every commit and on finish, so a relaunch resumes; the
 * frame's bridge page reaches it by postMessage (`connectScormBridge`). Outside an activity, and for
 * visitors (launched through the anonymous API), the runtime runs but nothing is stored.
 * `failure`: the translated failure of a refused package (decision 0082), shown instead of `message`.
 */
export function ScormPlayer({
  uploadId,
  scorm,
  activityId,
  failure = null,
}: {
  uploadId: number;
  scorm: ScormSummary | null;
  activityId: number | null;
  failure?: string | null;
}) {
  const { t } = useTranslation('previewer');
  const manifest = scorm?.data.manifest ?? null;
  const [sco, setSco] = useState<string | null>(manifest?.scos[0]?.identifier ?? null);

  if (!scorm || scorm.status_code !== 200 || !manifest) {
    return (
      <Result
        status="warning"
        title={t('scorm.notReady')}
        subTitle={
          <span data-testid="scorm-status">
            {t('scorm.statusLine', { code: scorm?.status_code ?? '—', message: failure ?? scorm?.message ?? t('scorm.noPackage') })}
          </span>
        }
      />
    );
  }

  return (
    <Flex style={{ height: '100%' }}>
      {manifest.scos.length > 1 && (
        <nav aria-label={t('scorm.scoList')} style={{ width: 220, borderRight: '1px solid #f0f0f0', overflow: 'auto' }}>
          <Menu
            mode="inline"
            selectedKeys={sco ? [sco] : []}
            items={manifest.scos.map((item) => ({ key: item.identifier, label: item.title || item.identifier }))}
            onClick={({ key }) => setSco(key)}
          />
        </nav>
      )}
      <div style={{ flex: 1, minWidth: 0 }}>
        {sco && (
          <ScoFrame
            key={sco}
            uploadId={uploadId}
            version={manifest.version}
            sco={manifest.scos.find((s) => s.identifier === sco) ?? manifest.scos[0]!}
            activityId={activityId}
          />
        )}
      </div>
    </Flex>
  );
}

function ScoFrame({ uploadId, version, sco, activityId }: { uploadId: number; version: ScormVersion; sco: Sco; activityId: number | null }) {
  const { t } = useTranslation('previewer');
  const visitor = useVisitorActivityId();
  const [fetched, setFetched] = useState<ScormRuntime | null>(null);
  const runtime = useMemo<ScormRuntime | null>(() => (activityId === null ? { version, cmi: null, scos: [] } : fetched), [activityId, version, fetched]);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [reported, setReported] = useState<{ status: string | null; saved: boolean } | null>(null);
  const [saveError, setSaveError] = useState<string | null>(null);

  useEffect(() => {
    if (activityId === null) return;
    const controller = new AbortController();
    fetchScormRuntime(uploadId, activityId, sco.identifier, controller.signal).then(setFetched, (error: unknown) => {
      if (!controller.signal.aborted) setLoadError(serverMessageOf(error) ?? t('scorm.loadFailed'));
    });
    return () => controller.abort();
  }, [uploadId, activityId, sco.identifier, version, t]);

  const frameRef = useRef<HTMLIFrameElement>(null);
  // One runtime API per launch, loaded with the stored CMI before the SCO initialises it.
  const launch = useMemo(() => {
    if (!runtime) return null;
    const settings = { lmsCommitUrl: false as const, autocommit: true, autocommitSeconds: 3, logLevel: 5 as const };
    const created: RuntimeApi = runtime.version === '1.2' ? new Scorm12API(settings) : new Scorm2004API(settings);
    const relaunch = cmiForRelaunch(runtime.version, runtime.cmi);
    if (relaunch) created.loadFromJSON(relaunch, '');
    return { api: created, relaunch };
  }, [runtime]);
  const api = launch?.api ?? null;

  // Connected before the frame's bridge page says hello; the SCO's calls arrive by postMessage.
  useLayoutEffect(() => {
    if (!runtime || !launch) return;
    const { api } = launch;
    const disconnect = connectScormBridge(() => frameRef.current?.contentWindow ?? null, api, runtime.version, launch.relaunch);

    let saving = Promise.resolve();
    const save = () => {
      const cmi = cmiOfRendered(api.renderCMIToJSONObject());
      const status = reportedStatusOf(runtime.version, cmi);
      if (activityId === null) {
        setReported({ status, saved: false });
        return;
      }
      saving = saving.then(() =>
        putScormRuntime(uploadId, activityId, sco.identifier, cmi).then(
          (stored) => {
            setSaveError(null);
            setReported({ status: stored.status ?? status, saved: true });
          },
          (error: unknown) => setSaveError(serverMessageOf(error) ?? t('scorm.saveFailed')),
        ),
      );
    };
    const events = runtime.version === '1.2' ? ['LMSCommit', 'LMSFinish'] : ['Commit', 'Terminate'];
    for (const event of events) api.on(event, save);
    return () => {
      // Leaving the SCO without LMSFinish still keeps what it reported.
      if (api.isInitialized() && !api.isTerminated()) save();
      // The bridge stays a while: the SCO sends LMSFinish/Terminate from its unload handler, after this cleanup.
      window.setTimeout(disconnect, 10_000);
    };
  }, [runtime, launch, uploadId, activityId, sco.identifier, t]);

  if (loadError) return <Result status="warning" title={loadError} />;
  if (!runtime || !api) return <PageSpinner minHeight="100%" />;

  return (
    <Flex vertical style={{ height: '100%' }}>
      <Flex align="center" gap={8} style={{ padding: '4px 12px', borderBottom: '1px solid #f0f0f0' }}>
        <Typography.Text strong>{sco.title || sco.identifier}</Typography.Text>
        <Tag>{t('scorm.version', { version: runtime.version })}</Tag>
        <div style={{ flex: 1 }} />
        {reported && (
          <Typography.Text type="secondary" data-testid="scorm-reported-status">
            {reported.saved ? t('scorm.savedStatus', { status: reported.status ?? '—' }) : t('scorm.unsavedStatus', { status: reported.status ?? '—' })}
          </Typography.Text>
        )}
      </Flex>
      {activityId === null && <Alert type="info" banner title={visitor === null ? t('scorm.notTracked') : t('scorm.visitorNotTracked')} />}
      {saveError && <Alert type="error" banner title={saveError} />}
      <iframe
        ref={frameRef}
        title={sco.title || sco.identifier}
        src={scormLaunchUrl(uploadId, sco.identifier, visitor)}
        data-testid="scorm-frame"
        style={{ flex: 1, width: '100%', border: 0 }}
      />
    </Flex>
  );
}
