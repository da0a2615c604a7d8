import type { FastifyReply } from 'fastify';
import { attachment } from '../exports/format.ts';

export const PDF = 'application/pdf';
export const ZIP = 'application/zip';
export const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A download: its type, its localized name, never kept by a shared cache (personal data). */
export const download = (reply: FastifyReply, type: string, name: string) =>
  reply
    .type(type)
    .header('content-disposition', attachment(name))
    .header('cache-control', 'private, no-store');
