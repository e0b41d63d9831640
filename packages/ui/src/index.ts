// Public surface of @nimbus/ui, the design system shared by every dashboard page.
export { Badge, type BadgeTone } from './badge';
export { Button, type ButtonProps, type ButtonSize, type ButtonVariant, buttonClass } from './button';
export { Card, type CardProps } from './card';
export { CopyButton, type CopyButtonProps } from './copy-button';
export { cx, focusRing } from './cx';
export { Field, type FieldControlProps, type FieldProps, TextField, type TextFieldProps } from './field';
export { type ControlSize, Input, Select } from './input';
export { Modal, type ModalProps, useModalLifecycle } from './modal';
export { isMounted, isRendered, type ModalEvent, type ModalPhase, modalTransition } from './modal-lifecycle';
export { Notice, type NoticeTone } from './notice';
export { Popover, type PopoverProps, type PopoverTriggerProps } from './popover';
export { ToastProvider, useToast } from './toast';
export type { ToastInput, ToastType } from './toast-store';
export { Tooltip, type TooltipProps } from './tooltip';
