import type { CourseActorKind } from '../courses/course-actions.js';

/** LTI 1.3 claim names (LTI 1.3 Core §5.3–5.4; AGS 2.0 §3.1; NRPS 2.0 §3.6.1.1; Deep Linking 2.0 §4.4). */
export const CLAIM = {
  messageType: 'https://purl.imsglobal.org/spec/lti/claim/message_type',
  version: 'https://purl.imsglobal.org/spec/lti/claim/version',
  deploymentId: 'https://purl.imsglobal.org/spec/lti/claim/deployment_id',
  targetLinkUri: 'https://purl.imsglobal.org/spec/lti/claim/target_link_uri',
  resourceLink: 'https://purl.imsglobal.org/spec/lti/claim/resource_link',
  roles: 'https://purl.imsglobal.org/spec/lti/claim/roles',
  context: 'https://purl.imsglobal.org/spec/lti/claim/context',
  toolPlatform: 'https://purl.imsglobal.org/spec/lti/claim/tool_platform',
  launchPresentation: 'https://purl.imsglobal.org/spec/lti/claim/launch_presentation',
  custom: 'https://purl.imsglobal.org/spec/lti/claim/custom',
  ags: 'https://purl.imsglobal.org/spec/lti-ags/claim/endpoint',
  nrps: 'https://purl.imsglobal.org/spec/lti-nrps/claim/namesroleservice',
  deepLinkingSettings: 'https://purl.imsglobal.org/spec/lti-dl/claim/deep_linking_settings',
  deepLinkingContentItems: 'https://purl.imsglobal.org/spec/lti-dl/claim/content_items',
  deepLinkingData: 'https://purl.imsglobal.org/spec/lti-dl/claim/data',
} as const;

/** OAuth 2 scopes of the services (AGS 2.0 §3.1; NRPS 2.0 §3.6.1.1). */
export const SCOPE = {
  lineItem: 'https://purl.imsglobal.org/spec/lti-ags/scope/lineitem',
  lineItemReadonly: 'https://purl.imsglobal.org/spec/lti-ags/scope/lineitem.readonly',
  score: 'https://purl.imsglobal.org/spec/lti-ags/scope/score',
  resultReadonly: 'https://purl.imsglobal.org/spec/lti-ags/scope/result.readonly',
  membership: 'https://purl.imsglobal.org/spec/lti-nrps/scope/contextmembership.readonly',
} as const;
export const SUPPORTED_SCOPES: readonly string[] = Object.values(SCOPE);

const MEMBERSHIP = 'http://purl.imsglobal.org/vocab/lis/v2/membership#';

/**
 * IMS role URIs of Atrium's course roles (LTI 1.3 Core §A.2.3 context roles): instructor →
 * Instructor, instructor_assistant → Instructor#TeachingAssistant (with Instructor, as the
 * sub-role rule of §A.2.3.1 asks), student → Learner; the organisation's admin → Administrator
 * (context and institution roles).
 */
export function imsRolesOf(kinds: readonly (CourseActorKind | string)[]): string[] {
  const roles = new Set<string>();
  for (const kind of kinds) {
    if (kind === 'instructor') roles.add(`${MEMBERSHIP}Instructor`);
    if (kind === 'instructor_assistant') {
      roles.add(`${MEMBERSHIP}Instructor`);
      roles.add('http://purl.imsglobal.org/vocab/lis/v2/membership/Instructor#TeachingAssistant');
    }
    if (kind === 'student') roles.add(`${MEMBERSHIP}Learner`);
    if (kind === 'admin') {
      roles.add(`${MEMBERSHIP}Administrator`);
      roles.add('http://purl.imsglobal.org/vocab/lis/v2/institution/person#Administrator');
    }
  }
  return [...roles];
}

/** The platform's endpoints for one issuer (the public URL, no trailing slash). */
export function platformEndpoints(issuer: string) {
  return {
    issuer,
    authorization_url: `${issuer}/api/lti/authorize`,
    token_url: `${issuer}/api/lti/token`,
    jwks_url: `${issuer}/api/lti/jwks`,
    deep_link_return_url: `${issuer}/api/lti/deep-link-return`,
  };
}

/** Service URLs of one `lti` activity: its line items container, its one line item, the course's memberships. */
export function serviceUrls(issuer: string, activityId: number) {
  const base = `${issuer}/api/lti/activities/${activityId}`;
  return { lineitems: `${base}/lineitems`, lineitem: `${base}/lineitem`, memberships: `${base}/memberships` };
}
