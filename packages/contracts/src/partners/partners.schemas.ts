import { z } from 'zod';

/**
 * Associated partners (issue 24 item 4; spec §7 `GET /api/orgs/{id}/associated-partner-types`,
 * `GET/POST/PUT /api/courses/{id}/associated-partner-info`; decision 0152): the organisation names the kinds of partner
 * its courses are run with (an enterprise, a hospital, another university …), and a course records the partner it is
 * run with, of one of those kinds. An organisation that named none answers an empty list.
 */

/** One kind of partner: a code (letters, digits, `_`, `-`; unique in the organisation) and its name. */
export const PartnerTypeSchema = z.object({
  code: z
    .string()
    .trim()
    .min(1, 'is empty')
    .max(40)
    .regex(/^[A-Za-z0-9_-]+$/, 'may hold only letters, digits, _ and -'),
  name: z.string().trim().min(1, 'is empty').max(100),
});
export type PartnerType = z.infer<typeof PartnerTypeSchema>;

/** `GET /api/orgs/{id}/associated-partner-types`: the organisation's kinds of partner, in its order. */
export const PartnerTypeListSchema = z.object({ types: z.array(PartnerTypeSchema) });
export type PartnerTypeList = z.infer<typeof PartnerTypeListSchema>;

/** `PUT /api/org/associated-partner-types` body: the whole list (0–50 kinds, codes unique). */
export const PutPartnerTypesBodySchema = z.object({
  types: z
    .array(PartnerTypeSchema)
    .max(50)
    .refine((types) => new Set(types.map((t) => t.code.toLowerCase())).size === types.length, 'names a code twice'),
});
export type PutPartnerTypesBody = z.infer<typeof PutPartnerTypesBodySchema>;

const optionalText = (max: number) => z.string().trim().max(max).nullable().optional();

/** `POST` / `PUT /api/courses/{id}/associated-partner-info` body: the partner's kind (a code of the organisation's), name and contact. */
export const PartnerInfoBodySchema = z.object({
  partner_type: z.string().trim().min(1, 'is empty').max(40),
  partner_name: z.string().trim().min(1, 'is empty').max(200),
  contact_name: optionalText(100),
  contact_email: z.string().trim().email('is not an e-mail address').max(254).nullable().optional(),
  website: z
    .string()
    .trim()
    .url('is not an address')
    .max(2000)
    .refine((url) => /^https?:\/\//i.test(url), 'must be an http or https address')
    .nullable()
    .optional(),
  description: optionalText(2000),
});
export type PartnerInfoBody = z.infer<typeof PartnerInfoBodySchema>;

/** A course's partner as stored, with its kind's name (null when the organisation no longer names that kind). */
export const PartnerInfoSchema = z.object({
  partner_type: z.string(),
  partner_type_name: z.string().nullable(),
  partner_name: z.string(),
  contact_name: z.string().nullable(),
  contact_email: z.string().nullable(),
  website: z.string().nullable(),
  description: z.string().nullable(),
  updated_at: z.string(),
});
export type PartnerInfo = z.infer<typeof PartnerInfoSchema>;

/** `GET /api/courses/{id}/associated-partner-info`: the course's partner, or null when it has none. */
export const CoursePartnerInfoSchema = z.object({ info: PartnerInfoSchema.nullable() });
export type CoursePartnerInfo = z.infer<typeof CoursePartnerInfoSchema>;
