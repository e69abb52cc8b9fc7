import { z } from 'zod';
import { LOCALES } from '../constants.js';

/**
 * Account prompts and page banners (issue 17 §4; spec §2 popups and banners, §4, §6, §7, §9;
 * decision 0102).
 */

/** What the signed-in user's organisation asks of them, with the spec §6 role rule already applied. */
export const PromptSettingsSchema = z.object({
  /** Spec §6: true when the org forces mobile binding and the user is not a Student (role 1) and has no bound phone. */
  force_mobile_binding: z.boolean(),
  /** The org asks users to verify their e-mail (the welcome verification popup and the unverified banner). */
  require_email_verification: z.boolean(),
  /** Days a password lives; null = never expires. */
  password_max_age_days: z.number().int().positive().nullable(),
});
export type PromptSettings = z.infer<typeof PromptSettingsSchema>;

/** The signed-in user's account state that the banners read. */
export const AccountStateSchema = z.object({
  has_email: z.boolean(),
  email_verified: z.boolean(),
  mobile_phone: z.string().nullable(),
  mobile_verified: z.boolean(),
  association_code: z.string().nullable(),
});
export type AccountState = z.infer<typeof AccountStateSchema>;

/** `GET /api/config` (public): client configuration. `prompts`/`account` are null for a visitor. */
export const ClientConfigSchema = z.object({
  version: z.string(),
  locales: z.array(z.enum(LOCALES)),
  default_locale: z.enum(LOCALES),
  features: z.object({
    email_verification: z.boolean(),
    mobile_binding: z.boolean(),
    pre_task: z.boolean(),
    association_code: z.boolean(),
  }),
  prompts: PromptSettingsSchema.nullable(),
  account: AccountStateSchema.nullable(),
  /** Where the web app posts its statistics beacon (`{stats_url}/api/user-actions`, issue 25): null when this server takes it (the embedded statistics server). */
  stats_url: z.string().nullable(),
});
export type ClientConfig = z.infer<typeof ClientConfigSchema>;

/** `GET /api/user/verify-email?token=`: the token from the link. */
export const VerifyEmailQuerySchema = z.object({ token: z.string().min(1, 'token is required').max(500) });
/** `GET /api/user/verify-email` answer. */
export const VerifyEmailResponseSchema = z.object({ email: z.string(), email_verified_at: z.string() });
export type VerifyEmailResponse = z.infer<typeof VerifyEmailResponseSchema>;

/** A mainland or international mobile number: optional +, 6–15 digits. */
export const MobilePhoneSchema = z
  .string()
  .trim()
  .regex(/^\+?[0-9]{6,15}$/, 'not a mobile number');

/** `POST /api/user/mobile/code` body. */
export const SendMobileCodeBodySchema = z.object({ mobile_phone: MobilePhoneSchema });
export type SendMobileCodeBody = z.infer<typeof SendMobileCodeBodySchema>;
/** `POST /api/user/mobile/code` answer: seconds until another code may be asked for (60, spec §4). */
export const SendMobileCodeResponseSchema = z.object({ message: z.string(), resend_after_seconds: z.number().int() });
export type SendMobileCodeResponse = z.infer<typeof SendMobileCodeResponseSchema>;

/** `PUT /api/user/mobile` body: the number and the 6-digit code sent to it. */
export const BindMobileBodySchema = z.object({
  mobile_phone: MobilePhoneSchema,
  code: z
    .string()
    .trim()
    .regex(/^[0-9]{6}$/, 'the code is 6 digits'),
});
export type BindMobileBody = z.infer<typeof BindMobileBodySchema>;
export const BindMobileResponseSchema = z.object({ mobile_phone: z.string(), mobile_verified_at: z.string() });
export type BindMobileResponse = z.infer<typeof BindMobileResponseSchema>;

/** `GET /api/user/check-expired-password` answer. */
export const ExpiredPasswordResponseSchema = z.object({ is_password_expired: z.boolean() });
export type ExpiredPasswordResponse = z.infer<typeof ExpiredPasswordResponseSchema>;

/** `PUT /api/user/password` body. The new password: 8–128 characters, not the old one. */
export const ChangePasswordBodySchema = z
  .object({
    old_password: z.string().min(1, 'old_password is required').max(1000),
    new_password: z.string().min(8, 'at least 8 characters').max(128, 'at most 128 characters'),
  })
  .refine((b) => b.old_password !== b.new_password, { path: ['new_password'], message: 'the new password must differ from the old one' });
export type ChangePasswordBody = z.infer<typeof ChangePasswordBodySchema>;
export const ChangePasswordResponseSchema = z.object({ password_changed_at: z.string() });

/** `GET /api/user/pre-task` answer (spec §7). */
export const PreTaskResponseSchema = z.object({ has_pre_task: z.boolean(), url: z.string().nullable() });
export type PreTaskResponse = z.infer<typeof PreTaskResponseSchema>;

/** `PUT /api/user/association-code` answer (spec §7). */
export const AssociationCodeResponseSchema = z.object({ association_code: z.string() });
export type AssociationCodeResponse = z.infer<typeof AssociationCodeResponseSchema>;

/**
 * `GET|PUT /api/org/prompt-settings` (organisation admins; decision 0102): what the organisation asks
 * of its users. `password_max_age_days` null = passwords never expire; `pre_task_url` null = no pre-task.
 */
export const OrgPromptSettingsSchema = z.object({
  force_mobile_binding: z.boolean(),
  require_email_verification: z.boolean(),
  password_max_age_days: z.number().int('whole days').min(1, 'at least 1 day').max(3650, 'at most 3650 days').nullable(),
  pre_task_url: z
    .string()
    .trim()
    .max(2000)
    .regex(/^https?:\/\/\S+$/i, 'an http(s) address')
    .nullable(),
});
export type OrgPromptSettings = z.infer<typeof OrgPromptSettingsSchema>;
