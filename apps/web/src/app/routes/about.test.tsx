import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoute, setupQuizTests } from '@/features/quiz/test-utils';
import { Component as About } from './about';

setupQuizTests();

describe('the About page', () => {
  it('says how it works and lists the planned features of SPEC.md §1', () => {
    renderRoute('/about', [{ path: '/about', Component: About }]);

    expect(screen.getByRole('heading', { level: 1, name: 'About' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'How it works' })).toBeInTheDocument();
    const planned = screen.getByRole('heading', { name: 'Planned features' }).nextElementSibling as HTMLElement;
    expect(within(planned).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Full vocabulary lists',
      'Level-based selections',
      'Initial placement tests',
      'Regional vocabulary',
    ]);
    expect(screen.getByRole('link', { name: 'language' })).toHaveAttribute('href', '/languages-offered');
    expect(screen.getByRole('link', { name: 'sign up' })).toHaveAttribute('href', '/signup');
  });
});
