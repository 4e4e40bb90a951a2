// @vitest-environment happy-dom
/**
 * The app's toast: shown in a live region (failures in the assertive one), replaced by the next, and gone after
 * TOAST_MS and its fade.
 */
import { TOAST_MS } from '@beurs/contracts';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toast, ToastHost } from '.';
import { TOAST_FADE_MS } from './store';

beforeEach(() => {
  vi.useFakeTimers();
  render(<ToastHost />);
});

afterEach(() => {
  act(() => {
    Toast.clear();
    vi.runAllTimers();
  });
  cleanup();
  vi.useRealTimers();
});

describe('Toast', () => {
  it('is announced politely and leaves after TOAST_MS and its fade', () => {
    act(() => Toast.show({ content: 'Saved', icon: 'success' }));
    expect(screen.getByRole('status').textContent).toBe('Saved');
    expect(screen.getByRole('alert').textContent).toBe('');

    act(() => vi.advanceTimersByTime(TOAST_MS - 1));
    expect(screen.getByRole('status').textContent).toBe('Saved');

    // Fading out: still there to read, no longer taking taps.
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByText('Saved').classList).toContain('toast--leaving');

    act(() => vi.advanceTimersByTime(TOAST_FADE_MS));
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('announces a failure at once', () => {
    act(() => Toast.show({ content: 'Login expired', icon: 'fail' }));
    expect(screen.getByRole('alert').textContent).toBe('Login expired');
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('replaces the toast on screen and gives the new one its full time', () => {
    act(() => Toast.show({ content: 'First' }));
    act(() => vi.advanceTimersByTime(TOAST_MS - 500));
    act(() => Toast.show({ content: 'Second' }));
    expect(screen.queryByText('First')).toBeNull();

    act(() => vi.advanceTimersByTime(TOAST_MS - 1));
    expect(screen.getByText('Second').classList).not.toContain('toast--leaving');
    act(() => vi.advanceTimersByTime(1 + TOAST_FADE_MS));
    expect(screen.queryByText('Second')).toBeNull();
  });
});
