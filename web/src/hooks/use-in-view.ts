import { useEffect, useState, type RefObject } from 'react';

/** True once the element comes within `margin` of the viewport, and from then on. */
export function useInView(ref: RefObject<Element | null>, margin = '200px'): boolean {
  const [inView, setInView] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el || inView) return undefined;
    if (typeof IntersectionObserver === 'undefined') {
      setInView(true);
      return undefined;
    }
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setInView(true), { rootMargin: margin });
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref, margin, inView]);
  return inView;
}
