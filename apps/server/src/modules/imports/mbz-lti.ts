import { isLtiRegistered, LtiDataSchema, type LtiData } from '@atrium/contracts';
import { line, type KeyedLine } from './mbz-fidelity.js';
import { attr, child, list, num, text, type XmlValue } from './safe-xml.js';

/**
 * A Moodle external tool (mod_lti; backup_lti_stepslib.php: `<lti>` with its `<ltitype>` and the
 * type's `<ltitypesconfigs>`) → the data of an Atrium `lti` activity (decision 0153): the tool URL
 * (secure one first), the type's name, and when the type is an LTI 1.3 one (`ltiversion` 1.3.0)
 * its client id, the type's id as deployment id (Moodle's), the login initiation URL
 * (`initiatelogin`), redirect URIs (`redirectionuris`), the key (`publickeyset` for JWK_KEYSET,
 * `publickey` for RSA_KEY) and the deep linking URL (`toolurl_ContentItemSelectionRequest`).
 * Custom parameters (`instructorcustomparameters`, name=value lines) and the grade (max_score) too.
 * Answers the data and the report line: kept as a registered tool, or one the team must register.
 */
export function ltiActivityData(inst: XmlValue): { data: LtiData; note: KeyedLine } {
  const type = child(inst, 'ltitype');
  const configs = new Map(list(child(type, 'ltitypesconfigs'), 'ltitypesconfig').map((c) => [text(c, 'name') ?? '', text(c, 'value') ?? '']));
  const http = (value: string | null | undefined) => (value && /^https?:\/\//i.test(value.trim()) ? value.trim() : undefined);
  const toolUrl = http(text(inst, 'securetoolurl')) ?? http(text(inst, 'toolurl')) ?? http(text(type, 'baseurl'));
  const custom = Object.fromEntries(
    (text(inst, 'instructorcustomparameters') ?? '')
      .split(/\r?\n|;/)
      .map((l) => l.split('='))
      .filter((kv) => kv.length >= 2 && kv[0]!.trim())
      .map(([k, ...v]) => [k!.trim().slice(0, 100), v.join('=').trim().slice(0, 1000)]),
  );
  const grade = num(inst, 'grade') ?? 0;
  const typeName = text(type, 'name')?.trim();
  const typeId = attr(type, 'id');
  const is13 = text(type, 'ltiversion')?.trim() === '1.3.0';
  const keyType = configs.get('keytype');
  const draft: LtiData = {
    ...(typeName ? { tool_name: typeName.slice(0, 200) } : {}),
    ...(toolUrl ? { tool_url: toolUrl } : {}),
    ...(Object.keys(custom).length > 0 ? { custom } : {}),
    ...(grade > 0 ? { max_score: grade } : {}),
    ...(typeId || typeName ? { moodle_type: `${typeId ?? ''}${typeName ? ` ${typeName}` : ''}`.trim().slice(0, 255) } : {}),
  };
  if (is13) {
    const clientId = text(type, 'clientid')?.trim();
    const redirects = (configs.get('redirectionuris') ?? '')
      .split(/\s+/)
      .map((u) => http(u))
      .filter((u): u is string => u !== undefined);
    Object.assign(draft, {
      ...(clientId ? { client_id: clientId } : {}),
      ...(typeId ? { deployment_id: typeId } : {}),
      ...(http(configs.get('initiatelogin')) ? { login_url: http(configs.get('initiatelogin')) } : {}),
      ...(toolUrl ? { target_link_uri: toolUrl } : {}),
      ...(redirects.length > 0 ? { redirect_uris: redirects.slice(0, 20) } : {}),
      ...(keyType !== 'RSA_KEY' && http(configs.get('publickeyset')) ? { jwks_url: http(configs.get('publickeyset')) } : {}),
      ...(keyType === 'RSA_KEY' && configs.get('publickey')?.trim() ? { public_key: configs.get('publickey')!.trim() } : {}),
      ...(http(configs.get('toolurl_ContentItemSelectionRequest')) ? { deep_link_url: http(configs.get('toolurl_ContentItemSelectionRequest')) } : {}),
    });
  }
  const parsed = LtiDataSchema.safeParse(draft);
  const data = parsed.success ? parsed.data : { ...(toolUrl ? { tool_url: toolUrl } : {}) };
  const note = isLtiRegistered(data)
    ? line('lti_registered', {}, 'kept as an LTI 1.3 tool with its registration')
    : line('lti_needs_registering', {}, 'the backup holds no LTI 1.3 registration of the tool: the team registers it before learners can launch it');
  return { data, note };
}
