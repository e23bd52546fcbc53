import type { Registration } from '@klinikita/domain/registrations/registration.schema';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { expect } from 'vitest';
import { mockApi } from '../../../test/render.tsx';
import { DoctorPage } from '../pages/doctor-page.tsx';
import { type ExamServerOptions, examinationHandlers } from './encounter-fixtures.ts';
import { reg, renderQueue } from './queue-fixtures.tsx';

/** The doctor's page opened on a visit in Examination, and the helpers its tests fill the note with. */

export function open(options: ExamServerOptions & { registration?: Registration } = {}) {
  const r =
    options.registration ?? reg({ queueNumber: 'A-007', status: 'Examination', complaint: 'Batuk pilek' });
  const server = examinationHandlers(r, options);
  const fetchMock = mockApi(server.handlers);
  renderQueue(<DoctorPage />, `/Doctor/doctor?id=${r._id}`);
  return { r, server, fetchMock };
}

/** A field of one section (label queries over the whole page take a second each under jsdom). */
export const field = (label: string, id = 'vitals') =>
  within(part(id)).getByLabelText(label, { selector: 'input, textarea' });
/** The note is open once its save line shows. */
export const ready = () => screen.findByTestId('save-status');
export const type = (el: HTMLElement, value: string) => fireEvent.change(el, { target: { value } });
/** A section of the note by its anchor (role queries over the whole page are slow under jsdom). */
export const part = (id: string) => {
  const el = document.getElementById(`exam-${id}`);
  if (!el) throw new Error(`no section ${id}`);
  return el;
};

export async function pickDiagnosis(search: string, option: RegExp) {
  const input = within(part('diagnoses')).getByRole('textbox', { name: 'Cari diagnosis ICD-10' });
  fireEvent.focus(input);
  type(input, search);
  await within(part('diagnoses')).findByRole('option', { name: option, hidden: true });
  fireEvent.keyDown(input, { key: 'Enter', code: 'Enter' });
  await waitFor(() => expect(input).toHaveValue(''));
}
