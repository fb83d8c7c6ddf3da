import { fireEvent, render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Avatar } from './Avatar.tsx';

describe('Avatar', () => {
  it('shows the picture, and the initials once the picture cannot load', () => {
    const { container } = render(<Avatar name="Grace Hopper" src="https://elsewhere.example/a.png" />);
    const img = container.querySelector('img')!;
    expect(img.getAttribute('src')).toBe('https://elsewhere.example/a.png');
    fireEvent.error(img);
    expect(container.querySelector('img')).toBeNull();
    expect(container.textContent).toBe('GH');
  });
});
