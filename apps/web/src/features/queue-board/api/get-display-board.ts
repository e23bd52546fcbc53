import type { DisplayBoard } from '@klinikita/domain/registrations/registration.schema';
import { API_BASE, api } from '../../../shared/api-client.ts';

/** `GET display/{token}` (public): what the waiting-room TV shows. 404 when the link is not valid. */
export const getDisplayBoard = async (token: string) =>
  (await api<DisplayBoard>(`display/${encodeURIComponent(token)}`)).data!;

/** The display's live stream: `registration.called`, `registration.updated`, `resync`. */
export const displayEventsUrl = (token: string) => `${API_BASE}/display/${encodeURIComponent(token)}/events`;
