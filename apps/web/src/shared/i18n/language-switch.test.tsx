import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LoginPage } from '../../features/auth/pages/login-page.tsx';
import { mockApi, renderWithApp } from '../../test/render.tsx';
import { changeLocale, i18n } from './i18n.ts';
import { readLocaleCookie } from './locale-cookie.ts';

describe('language switch', () => {
  afterEach(async () => {
    await changeLocale('id');
  });

  it('switches the texts and remembers the choice in the locale cookie for 365 days', async () => {
    mockApi({});
    const cookieWrites = vi.spyOn(document, 'cookie', 'set');
    renderWithApp(<LoginPage />);
    expect(screen.getByRole('button', { name: 'Masuk' })).toBeInTheDocument();

    fireEvent.click(screen.getByText('EN'));

    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(i18n.language).toBe('en');
    expect(document.documentElement.lang).toBe('en');
    expect(readLocaleCookie()).toBe('en');
    expect(cookieWrites).toHaveBeenCalledWith(expect.stringMatching(/^locale=en; max-age=31536000; path=\//));
    cookieWrites.mockRestore();
  });

  it('shows the validation messages in English too', async () => {
    mockApi({});
    renderWithApp(<LoginPage />);
    fireEvent.click(screen.getByText('EN'));
    fireEvent.click(await screen.findByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Username is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
  });
});
