import { CircleAlert, CircleCheck } from 'lucide-react';
import { TOAST_DURATION, TOAST_HOTKEY, TOAST_SWIPE_DIRECTION, TOAST_SWIPE_THRESHOLD } from '../../config/constants';
import { Toast, ToastClose, ToastDescription, ToastProvider, ToastTitle, ToastViewport } from './toast';
import { withPageLinks } from './page-links';
import { useToast } from './use-toast';

export function Toaster() {
  const { toasts } = useToast();

  return (
    <ToastProvider duration={TOAST_DURATION} swipeDirection={TOAST_SWIPE_DIRECTION} swipeThreshold={TOAST_SWIPE_THRESHOLD}>
      {toasts.map(({ id, title, description, action, variant, ...props }) => {
        const Icon = variant === 'destructive' ? CircleAlert : CircleCheck;
        return (
          <Toast key={id} variant={variant} data-testid="toast" {...props}>
            <Icon className={variant === 'destructive' ? 'mt-0.5 size-4 shrink-0 text-red-600' : 'mt-0.5 size-4 shrink-0 text-brand'} aria-hidden="true" />
            <div className="grid min-w-0 flex-1 gap-1">
              {title && <ToastTitle data-testid="toast-title">{title}</ToastTitle>}
              {description && (
                <ToastDescription data-testid="toast-description">
                  {typeof description === 'string' ? withPageLinks(description) : description}
                </ToastDescription>
              )}
            </div>
            {action}
            <ToastClose />
          </Toast>
        );
      })}
      <ToastViewport hotkey={TOAST_HOTKEY} />
    </ToastProvider>
  );
}
