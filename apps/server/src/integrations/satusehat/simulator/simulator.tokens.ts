import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { operationOutcome } from './operation-outcome.ts';
import type { SimulatorClient } from './simulator.data.ts';

export interface IssuedToken {
  clientId: string;
  organizationId: string;
  expiresAt: number;
}

type Send = (status: number, body?: unknown, headers?: Record<string, string>) => void;

/** The simulator's OAuth2 side: the token endpoint, the issued tokens and the bearer check. */
export function tokenDesk(options: {
  clients: readonly SimulatorClient[];
  now: () => number;
  /** Lifetime of an access token, seconds. */
  lifetimeSeconds: number;
}) {
  const { clients, now } = options;
  const tokens = new Map<string, IssuedToken>();
  let tokenLifetime = options.lifetimeSeconds;

  function issueToken(client: SimulatorClient) {
    const accessToken = randomBytes(21).toString('base64url');
    const issuedAt = now();
    tokens.set(accessToken, {
      clientId: client.clientId,
      organizationId: client.organizationId,
      expiresAt: issuedAt + tokenLifetime * 1000,
    });
    // the platform answers every value as a string, expires_in included
    return {
      refresh_token_expires_in: '0',
      api_product_list: '[api-satusehat-simulator]',
      api_product_list_json: ['api-satusehat-simulator'],
      organization_name: 'ihs-simulator',
      'developer.email': 'simulator@klinikita.local',
      token_type: 'BearerToken',
      issued_at: String(issuedAt),
      client_id: client.clientId,
      access_token: accessToken,
      application_name: `simulator-${client.organizationId}`,
      scope: '',
      expires_in: String(tokenLifetime),
      refresh_count: '0',
      status: 'approved',
    };
  }

  return {
    /** The live token the request's `Authorization: Bearer` names; an expired one is forgotten. */
    bearer(request: IncomingMessage): IssuedToken | undefined {
      const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
      const token = match ? tokens.get(match[1]) : undefined;
      if (!token) return undefined;
      if (token.expiresAt <= now()) {
        tokens.delete(match![1]);
        return undefined;
      }
      return token;
    },

    /** POST /accesstoken?grant_type=client_credentials with the client's credentials as a form. */
    endpoint(request: IncomingMessage, url: URL, body: string, entry: { clientId?: string }, send: Send) {
      if (request.method !== 'POST') return send(405, operationOutcome('not-supported', 'Use POST'));
      if (url.searchParams.get('grant_type') !== 'client_credentials') {
        return send(
          400,
          operationOutcome('invalid', 'Unsupported grant type: grant_type must be in the query'),
        );
      }
      if (!(request.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded')) {
        return send(400, operationOutcome('invalid', 'Credentials must be sent as a form body'));
      }
      const form = new URLSearchParams(body);
      const clientId = form.get('client_id') ?? '';
      entry.clientId = clientId || undefined;
      const client = clients.find(
        (c) => c.clientId === clientId && c.clientSecret === form.get('client_secret'),
      );
      if (!client) return send(401, operationOutcome('security', 'Invalid client_id or client_secret'));
      return send(200, issueToken(client));
    },

    revoke(): void {
      tokens.clear();
    },

    setLifetime(seconds: number): void {
      tokenLifetime = seconds;
    },

    /** Forgets every token and goes back to the lifetime the simulator started with. */
    reset(): void {
      tokens.clear();
      tokenLifetime = options.lifetimeSeconds;
    },
  };
}
