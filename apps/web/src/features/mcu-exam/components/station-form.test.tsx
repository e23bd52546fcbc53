import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { sessionStore } from '../../../shared/session/session-store.ts';
import { API, ok } from '../../../test/lab-test-kit.tsx';
import { makeUser, mockApi, renderWithApp } from '../../../test/render.tsx';
import { StationForm } from './station-form.tsx';

describe('StationForm', () => {
  beforeEach(() => sessionStore.signIn(makeUser({ ClinicId: 11 })));

  it('shows a finding as a value is typed and saves the station whole, empty numbers as null', async () => {
    let sent: unknown = null;
    const fetchMock = mockApi({
      [`${API}/mcu/participants/p1/stations/vitals`]: (init) => {
        sent = JSON.parse(String(init?.body));
        return ok(undefined);
      },
    });
    renderWithApp(<StationForm participantUid="p1" station="vitals" result={null} editable />);
    expect(screen.getByText('Tidak ada temuan')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Sistolik (mmHg)'), { target: { value: '165' } });
    expect(await screen.findByText('• Hipertensi derajat 2 (165/– mmHg)')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Simpan' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(sent).toEqual({
      data: {
        systolic: 165,
        diastolic: null,
        pulse: null,
        respiratoryRate: null,
        temperature: null,
        height: null,
        weight: null,
      },
    });
  });

  it('starts from what was recorded and sets the normal values in one click', async () => {
    mockApi({});
    const result = {
      data: { smoking: 'yes', alcohol: 'no', exercise: 'never', complaint: 'Batuk' },
      findings: [],
      normal: false,
      fileUid: null,
      fileUrl: null,
      examined: { name: 'Maya Anggraini', at: '2026-11-27T01:00:00.000Z' },
    };
    renderWithApp(<StationForm participantUid="p1" station="anamnesis" result={result} editable />);
    expect(screen.getByText('• Merokok: Ya')).toBeInTheDocument();
    expect(screen.getByText('• Keluhan saat ini: Batuk')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Normal semua' }));
    expect(await screen.findByText('Tidak ada temuan')).toBeInTheDocument();
  });

  it('asks to save an ECG first, then uploads the tracing to the station and opens it there', async () => {
    const url = `${API}/mcu/participants/p1/stations/ecg/attachment`;
    const fetchMock = mockApi({ [url]: () => ok(undefined) });
    const { unmount } = renderWithApp(
      <StationForm participantUid="p1" station="ecg" result={null} editable />,
    );
    expect(screen.getByText(/Simpan pos dulu untuk melampirkan berkas/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Lampirkan' })).toBeNull();
    unmount();
    const result = {
      data: {},
      findings: [],
      normal: true,
      fileUid: 'f1',
      fileUrl: url,
      examined: { name: 'Maya Anggraini', at: '2026-11-27T01:00:00.000Z' },
    };
    const { container } = renderWithApp(
      <StationForm participantUid="p1" station="ecg" result={result} editable />,
    );
    expect(screen.getByTestId('mcu-attachment-open')).toHaveAttribute('href', url);
    const input = container.querySelector('input[type="file"]') as HTMLInputElement;
    expect(input.accept).toContain('application/pdf');
    fireEvent.change(input, {
      target: { files: [new File(['%PDF-1.4'], 'ekg.pdf', { type: 'application/pdf' })] },
    });
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([u, init]) => String(u) === url && init?.method === 'POST')).toBe(
        true,
      ),
    );
  });
});
