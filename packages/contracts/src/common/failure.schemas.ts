import { z } from 'zod';
import { FAILURE_CODES, type FailureCode } from '../errors.js';

/** A processing or import failure code (FAILURE_PARAMS in errors.ts); the web shows `failures.<CODE>` translated. */
export const FailureCodeSchema = z.enum(FAILURE_CODES as [FailureCode, ...FailureCode[]]);

/** The parameters of a failure's message, by name (FAILURE_PARAMS): numbers (counts, bytes, seconds) or short strings (a tool, a file name). */
export const FailureParamsSchema = z.record(z.string(), z.union([z.string(), z.number()]));
