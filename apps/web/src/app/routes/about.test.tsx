import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '@/test/test-utils';
import '@/test/page-test-hooks';
import { Component as About } from './about';

describe('the About page', () => {
  it('says how it works, what exists (the placement test among it) and what is planned', () => {
    renderRoute('/about', [{ path: '/about', Component: About }]);

    expect(screen.getByRole('heading', { level: 1, name: 'About' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'How it works' })).toBeInTheDocument();
    const planned = screen.getByRole('heading', { name: 'Planned features' }).nextElementSibling as HTMLElement;
    // The placement test and the levels exist: they are among what you can do, not planned.
    expect(
      within(planned)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Full vocabulary lists', 'Regional vocabulary']);
    const can = screen.getByRole('heading', { name: 'What you can do' }).nextElementSibling as HTMLElement;
    expect(within(can).getByText(/placement test/)).toBeInTheDocument();
    expect(within(can).getByText(/levels of 500/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'language' })).toHaveAttribute('href', '/languages-offered');
    expect(screen.getByRole('link', { name: 'sign up' })).toHaveAttribute('href', '/signup');
  });
});
