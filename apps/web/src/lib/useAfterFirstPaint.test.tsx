// @vitest-environment happy-dom
import { act, cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useAfterFirstPaint } from './useAfterFirstPaint';

function Probe({ seen }: { seen: boolean[] }) {
  const painted = useAfterFirstPaint();
  seen.push(painted);
  return <span data-testid="probe">{painted ? 'rest' : 'first'}</span>;
}

describe('useAfterFirstPaint', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('is false in the mounting render and its frame, true in the task after the next animation frame', async () => {
    const frames: FrameRequestCallback[] = [];
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => frames.push(callback));
    const seen: boolean[] = [];
    const view = render(<Probe seen={seen} />);
    expect(view.getByTestId('probe').textContent).toBe('first');
    expect(frames).toHaveLength(1);

    // The frame itself (where the browser paints the first render) changes nothing yet.
    act(() => frames[0]?.(performance.now()));
    expect(view.getByTestId('probe').textContent).toBe('first');

    // The task after it renders the rest.
    await act(() => new Promise((done) => setTimeout(done, 0)));
    expect(view.getByTestId('probe').textContent).toBe('rest');
    expect(seen.at(0)).toBe(false);
    expect(seen.at(-1)).toBe(true);
  });

  it('does nothing once unmounted before the frame', async () => {
    const cancel = vi.spyOn(window, 'cancelAnimationFrame');
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation(() => 7);
    const view = render(<Probe seen={[]} />);
    view.unmount();
    expect(cancel).toHaveBeenCalledWith(7);
  });
});
