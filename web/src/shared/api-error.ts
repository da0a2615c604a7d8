/** A refusal from the API: 400 `{field: [msg]}` / `{non_field_errors: [msg]}`, others `{detail}`. */
export class ApiError extends Error {
  readonly status: number;
  readonly body: unknown;
  constructor(status: number, body: unknown) {
    super(
      typeof body === 'object' && body && 'detail' in body ? String(body.detail) : `HTTP ${status}`,
    );
    this.status = status;
    this.body = body;
  }
  /** The API's stable machine code of the refusal (`version_conflict`, `consent_required`…). */
  get code(): string | undefined {
    const body = this.body as { code?: unknown } | null;
    return typeof body?.code === 'string' ? body.code : undefined;
  }

  /** The field messages of a 400 answer, empty otherwise. */
  get fieldErrors(): Record<string, string[]> {
    if (this.status !== 400 || typeof this.body !== 'object' || !this.body) return {};
    return Object.fromEntries(
      Object.entries(this.body).filter((entry): entry is [string, string[]] =>
        Array.isArray(entry[1]),
      ),
    );
  }
}
