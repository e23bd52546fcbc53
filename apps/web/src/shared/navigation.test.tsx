import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { LocationProbe } from '../test/render.tsx';
import { pathByName, useNavigateByName } from './navigation.ts';

describe('named routes', () => {
  it('resolves the names of spec 2.1 to their paths', () => {
    expect(pathByName('Lab-home-page-mcu')).toBe('/Lab/home-page-mcu');
    expect(pathByName('Doctor-doctor')).toBe('/Doctor/doctor');
    expect(pathByName('EMR-Detail-id', { id: '42' })).toBe('/EMR/Detail/42');
    expect(() => pathByName('No-such-route')).toThrow('Unknown route name');
  });

  it('navigates by name', () => {
    function GoToPhysio() {
      const navigateByName = useNavigateByName();
      return (
        <button type="button" onClick={() => navigateByName('Physio')}>
          go
        </button>
      );
    }
    render(
      <MemoryRouter>
        <GoToPhysio />
        <LocationProbe />
      </MemoryRouter>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'go' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/Physio');
  });
});
