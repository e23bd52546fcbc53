import { displayBoard, displayEvents } from '@klinikita/domain/registrations/registrations.contract';
import { fetchData } from '../../../shared/api/contract-client.ts';
import { API_BASE } from '../../../shared/api-client.ts';

/** `GET display/{token}` (public): what the waiting-room TV shows. 404 when the link is not valid. */
export const getDisplayBoard = (token: string) => fetchData(displayBoard, { params: { token } });

/** The display's live stream (an EventSource): `registration.called`, `registration.updated`, `resync`. */
export const displayEventsUrl = (token: string) =>
  `${API_BASE}${displayEvents.path.replace(':token', encodeURIComponent(token))}`;
