// Public surface of @nimbus/ui, the design system shared by every dashboard page.
export { Badge, type BadgeTone } from './badge';
export { Button, buttonClass, type ButtonProps, type ButtonSize, type ButtonVariant } from './button';
export { Card, type CardProps } from './card';
export { CopyButton, type CopyButtonProps } from './copy-button';
export { cx, focusRing } from './cx';
export { Field, TextField, type FieldControlProps, type FieldProps, type TextFieldProps } from './field';
export { Input, Select, type ControlSize } from './input';
export { Notice, type NoticeTone } from './notice';
export { Modal, useModalLifecycle, type ModalProps } from './modal';
export { isMounted, isRendered, modalTransition, type ModalEvent, type ModalPhase } from './modal-lifecycle';
export { Popover, type PopoverProps, type PopoverTriggerProps } from './popover';
export { Tooltip, type TooltipProps } from './tooltip';
export { ToastProvider, useToast } from './toast';
export type { ToastInput, ToastType } from './toast-store';
