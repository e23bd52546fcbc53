import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithApp } from '../../../test/render.tsx';
import { API, ok, refused } from '../test/profile-fixtures.tsx';
import { AttachmentDialog } from './attachment-dialog.tsx';

function setup(target: 'doctor' | 'user' = 'doctor') {
  const onCancel = vi.fn();
  const onDone = vi.fn();
  renderWithApp(<AttachmentDialog opened target={target} onCancel={onCancel} onDone={onDone} />);
  return { onCancel, onDone };
}

const pick = (file: File) =>
  fireEvent.change(screen.getByTestId('photo-input'), { target: { files: [file] } });
const png = () => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'foto.png', { type: 'image/png' });

describe('AttachmentDialog', () => {
  it('states the types and the 2 MB limit, and is closed neither by Esc nor by its backdrop', async () => {
    const { onCancel } = setup();
    const dialog = screen.getByRole('dialog', { name: 'Unggah foto' });
    expect(dialog).toHaveTextContent('JPEG, JPG, PNG atau GIF, maksimal 2 MB');
    fireEvent.keyDown(dialog, { key: 'Escape' });
    fireEvent.keyDown(window, { key: 'Escape' });
    expect(onCancel).not.toHaveBeenCalled();
    expect(screen.queryByRole('button', { name: /close/i })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
  });

  it('refuses files that are not jpeg, jpg, png or gif, and files over 2 MB', () => {
    setup();
    pick(new File(['%PDF'], 'hasil.pdf', { type: 'application/pdf' }));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'File hasil.pdf ditolak: hanya JPEG, JPG, PNG atau GIF.',
    );
    expect(screen.getByRole('button', { name: 'Done' })).toBeDisabled();
    pick(new File(['x'], 'foto.png.exe', { type: 'image/png' }));
    expect(screen.getByRole('alert')).toHaveTextContent('ditolak');

    const big = new File([new Uint8Array(2 * 1024 * 1024 + 1)], 'besar.jpg', { type: 'image/jpeg' });
    pick(big);
    expect(screen.getByRole('alert')).toHaveTextContent('File besar.jpg terlalu besar: maksimal 2 MB.');
  });

  it('uploads a doctor photo as `files` with the MMDDYYYY date and returns its URL', async () => {
    const fetchMock = mockApi({
      [`${API}/assesments/doctor/upload`]: () => ok({ url: '/api/clinic/v1/files/f1' }),
    });
    const { onDone } = setup('doctor');
    pick(png());
    expect(screen.getByText('File terpilih: foto.png')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledWith('/api/clinic/v1/files/f1'));
    const [url, init] = fetchMock.mock.calls[0];
    expect(String(url)).toMatch(/\/assesments\/doctor\/upload\?date=\d{8}$/);
    expect((init!.body as FormData).get('files')).toBeInstanceOf(File);
  });

  it('uploads a user photo as `image` and shows the server refusal (413)', async () => {
    const fetchMock = mockApi({ [`${API}/users/upload`]: () => refused(413, 'Ukuran file maksimal 2 MB') });
    const { onDone } = setup('user');
    pick(png());
    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Ukuran file maksimal 2 MB');
    expect((fetchMock.mock.calls[0][1]!.body as FormData).get('image')).toBeInstanceOf(File);
    expect(onDone).not.toHaveBeenCalled();
  });
});
