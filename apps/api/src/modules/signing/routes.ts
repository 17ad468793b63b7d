import {
  apiErrorSchema,
  powerOfAttorneyListSchema,
  powerOfAttorneySchema,
  signPowerOfAttorneyRequestSchema,
} from '@vatlas/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { requireAuth } from '../../plugins/auth';
import { guard } from '../../plugins/route-guard';
import { contentDisposition } from '../documents/service';
import type { FileStorage } from '../storage/file-storage';
import {
  generateUnsignedPowerOfAttorney,
  listPowersOfAttorney,
  openSignedPowerOfAttorney,
  revokePowerOfAttorney,
  signPowerOfAttorney,
} from './service';

export const SIGNING_ROUTE_PATTERNS = {
  list: '/api/v1/Registration/:companyId/PowerOfAttorney',
  document: '/api/v1/Registration/:companyId/PowerOfAttorney/:countryCode/Document',
  sign: '/api/v1/Registration/:companyId/PowerOfAttorney/:countryCode/Sign',
  signed: '/api/v1/Registration/:companyId/PowerOfAttorney/:countryCode/Signed',
  revoke: '/api/v1/Registration/:companyId/PowerOfAttorney/:countryCode/Revoke',
} as const;

const companyParams = z.object({ companyId: z.string().describe('The company id (uuid)') });
const countryParams = companyParams.extend({
  countryCode: z
    .string()
    .regex(/^[A-Z]{2}$/, 'an ISO 3166-1 alpha-2 code in capitals')
    .describe('A selected jurisdiction'),
});
const PDF_PRODUCES = ['application/pdf', 'application/json'];

export function registerSigningRoutes(app: FastifyInstance, deps: { db: Db; storage: FileStorage }): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get(
    SIGNING_ROUTE_PATTERNS.list,
    {
      config: guard('company'),
      schema: {
        tags: ['Power of attorney'],
        summary: 'The power of attorney of each selected jurisdiction: unsigned, signed or revoked',
        params: companyParams,
        response: {
          200: powerOfAttorneyListSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
          404: apiErrorSchema,
        },
      },
    },
    async (request) => listPowersOfAttorney(deps.db, request.params.companyId),
  );

  typed.get(
    SIGNING_ROUTE_PATTERNS.document,
    {
      config: guard('company'),
      schema: {
        tags: ['Power of attorney'],
        summary: 'The unsigned power of attorney (PDF) for one jurisdiction',
        description:
          "Generated from the company's current data: legal name, address, VAT number, legal representative, the " +
          'jurisdiction, the authorised party (the brand of the tenant) and the date. The same data give the same ' +
          'bytes; `X-Document-Sha256` carries their hash, the one a signature will record.',
        produces: PDF_PRODUCES,
        params: countryParams,
        response: {
          200: z.any().describe('The PDF (binary)'),
          400: apiErrorSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
          404: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const { companyId, countryCode } = request.params;
      const document = await generateUnsignedPowerOfAttorney(deps, companyId, countryCode);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', contentDisposition(`power-of-attorney-${countryCode}.pdf`, 'inline'))
        .header('x-document-sha256', document.sha256)
        .header('cache-control', 'private, no-store')
        .send(Buffer.from(document.bytes));
    },
  );

  typed.post(
    SIGNING_ROUTE_PATTERNS.sign,
    {
      config: guard('company'),
      schema: {
        tags: ['Power of attorney'],
        summary: 'Sign the power of attorney of one jurisdiction (drawn or typed)',
        description:
          '`drawn`: a PNG data URL of at most 200 KB (the signer name defaults to the signed-in user); `typed`: the ' +
          "signer's name. The signed PDF carries the signature, the signer, the time (UTC), the caller's IP address " +
          'and the sha256 of the unsigned document, in the page and in its Info dictionary. 409 `already_signed` ' +
          'while a signature is active: revoke first.',
        params: countryParams,
        body: signPowerOfAttorneyRequestSchema,
        response: {
          201: powerOfAttorneySchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
          404: apiErrorSchema,
          409: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const signed = await signPowerOfAttorney(deps, {
        companyId: request.params.companyId,
        countryCode: request.params.countryCode,
        user: requireAuth(request).user,
        ipAddress: request.ip,
        body: request.body,
      });
      return reply.status(201).send(signed);
    },
  );

  typed.get(
    SIGNING_ROUTE_PATTERNS.signed,
    {
      config: guard('company'),
      schema: {
        tags: ['Power of attorney'],
        summary: 'Download the signed power of attorney of one jurisdiction',
        produces: PDF_PRODUCES,
        params: countryParams,
        response: {
          200: z.any().describe('The signed PDF (binary)'),
          400: apiErrorSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
          404: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const { content, fileName } = await openSignedPowerOfAttorney(deps, {
        companyId: request.params.companyId,
        countryCode: request.params.countryCode,
        userId: requireAuth(request).user.id,
      });
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', contentDisposition(fileName))
        .header('cache-control', 'private, no-store')
        .send(content);
    },
  );

  typed.post(
    SIGNING_ROUTE_PATTERNS.revoke,
    {
      config: guard('company'),
      schema: {
        tags: ['Power of attorney'],
        summary: 'Revoke the active signature of one jurisdiction',
        description: 'The signed file is kept as evidence; the jurisdiction can be signed again. 409 `not_signed`.',
        params: countryParams,
        response: {
          200: powerOfAttorneySchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
          409: apiErrorSchema,
        },
      },
    },
    async (request) =>
      revokePowerOfAttorney(deps, {
        companyId: request.params.companyId,
        countryCode: request.params.countryCode,
        userId: requireAuth(request).user.id,
      }),
  );
}
