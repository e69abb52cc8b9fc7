import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AssociationCodeResponseSchema,
  BindMobileBodySchema,
  BindMobileResponseSchema,
  ChangePasswordBodySchema,
  ChangePasswordResponseSchema,
  ClientConfigSchema,
  ErrorBodySchema,
  ExpiredPasswordResponseSchema,
  MessageResponseSchema,
  OrgPromptSettingsSchema,
  PreTaskResponseSchema,
  SendMobileCodeBodySchema,
  SendMobileCodeResponseSchema,
  VerifyEmailQuerySchema,
  VerifyEmailResponseSchema,
} from '@atrium/contracts';
import { actorOf } from '../../plugins/auth.js';
import {
  bindMobile,
  changePassword,
  checkExpiredPassword,
  clientConfig,
  orgPromptSettings,
  preTask,
  resetAssociationCode,
  sendMobileCode,
  sendVerificationEmail,
  updateOrgPromptSettings,
  verifyEmail,
} from './prompts.service.js';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 429: ErrorBodySchema };

/** Client configuration and the account prompts' calls (issue 17 §4; spec §7; decision 0102). */
export const promptsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/config', {
    config: { action: 'public.read', auth: 'public' },
    schema: {
      tags: ['prompts'],
      summary: 'Client configuration: locales, version, feature toggles; for a signed-in user their organisation’s prompt settings and account state',
      response: { 200: ClientConfigSchema },
    },
    handler: async (request) => clientConfig(app.deps, request.account ? actorOf(request) : null),
  });

  app.post('/api/user/send_verification_email', {
    config: { action: 'self.write' },
    schema: {
      tags: ['prompts'],
      summary: 'E-mail me a signed verification link (valid 24 h; again after 60 s)',
      response: { 200: MessageResponseSchema, ...errors },
    },
    handler: async (request) => sendVerificationEmail(app.deps, actorOf(request), 'verify'),
  });
  app.post('/api/user/send_org_sing_up_verification_email', {
    config: { action: 'self.write' },
    schema: {
      tags: ['prompts'],
      summary: 'E-mail me the organisation sign-up verification link (valid 24 h; again after 60 s)',
      response: { 200: MessageResponseSchema, ...errors },
    },
    handler: async (request) => sendVerificationEmail(app.deps, actorOf(request), 'org_sign_up'),
  });
  app.get('/api/user/verify-email', {
    config: { action: 'token.use', auth: 'public', rateLimit: { max: 30, timeWindow: '1 minute' } },
    schema: {
      tags: ['prompts'],
      summary: 'Verify an e-mail address by the signed token of its link',
      querystring: VerifyEmailQuerySchema,
      response: { 200: VerifyEmailResponseSchema, 400: ErrorBodySchema, 429: ErrorBodySchema },
    },
    handler: async (request) => verifyEmail(app.deps, request.query.token),
  });

  app.post('/api/user/mobile/code', {
    config: { action: 'self.write' },
    schema: {
      tags: ['prompts'],
      summary: 'Send a 6-digit binding code to a mobile number (valid 10 min; again after 60 s)',
      body: SendMobileCodeBodySchema,
      response: { 200: SendMobileCodeResponseSchema, ...errors },
    },
    handler: async (request) => sendMobileCode(app.deps, actorOf(request), request.body.mobile_phone),
  });
  app.put('/api/user/mobile', {
    config: { action: 'self.write' },
    schema: {
      tags: ['prompts'],
      summary: 'Bind the mobile number with the code sent to it',
      body: BindMobileBodySchema,
      response: { 200: BindMobileResponseSchema, ...errors },
    },
    handler: async (request) => bindMobile(app.deps, actorOf(request), request.body.mobile_phone, request.body.code),
  });

  app.get('/api/user/check-expired-password', {
    config: { action: 'self.read' },
    schema: {
      tags: ['prompts'],
      summary: 'Whether my password is past my organisation’s maximum age',
      response: { 200: ExpiredPasswordResponseSchema, 401: ErrorBodySchema },
    },
    handler: async (request) => checkExpiredPassword(app.deps, actorOf(request)),
  });
  app.put('/api/user/password', {
    config: { action: 'self.write', rateLimit: { max: 10, timeWindow: '1 minute' } },
    schema: { tags: ['prompts'], summary: 'Change my password', body: ChangePasswordBodySchema, response: { 200: ChangePasswordResponseSchema, ...errors } },
    handler: async (request) => changePassword(app.deps, actorOf(request), request.body.old_password, request.body.new_password),
  });

  app.get('/api/user/pre-task', {
    config: { action: 'self.read' },
    schema: {
      tags: ['prompts'],
      summary: 'My organisation’s pre-task, if any (the web asks at most every 6 h)',
      response: { 200: PreTaskResponseSchema, 401: ErrorBodySchema },
    },
    handler: async (request) => preTask(app.deps, actorOf(request)),
  });
  app.put('/api/user/association-code', {
    config: { action: 'self.write' },
    schema: { tags: ['prompts'], summary: 'Make a new association code for me', response: { 200: AssociationCodeResponseSchema, 401: ErrorBodySchema } },
    handler: async (request) => resetAssociationCode(app.deps, actorOf(request)),
  });

  app.get('/api/org/prompt-settings', {
    config: { action: 'organisation.manage' },
    schema: {
      tags: ['prompts'],
      summary: 'My organisation’s account prompt settings (administrators)',
      response: { 200: OrgPromptSettingsSchema, 401: ErrorBodySchema, 403: ErrorBodySchema },
    },
    handler: async (request) => orgPromptSettings(app.deps, actorOf(request)),
  });
  app.put('/api/org/prompt-settings', {
    config: { action: 'organisation.manage' },
    schema: {
      tags: ['prompts'],
      summary: 'Set my organisation’s account prompt settings (administrators)',
      body: OrgPromptSettingsSchema,
      response: { 200: OrgPromptSettingsSchema, 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema },
    },
    handler: async (request) => updateOrgPromptSettings(app.deps, actorOf(request), request.body),
  });
};
