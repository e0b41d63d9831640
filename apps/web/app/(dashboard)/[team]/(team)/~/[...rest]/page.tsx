// Any path below this one that no page answers: the styled not-found page of this section.
import { notFound } from 'next/navigation';

export default function UnknownPage() {
  notFound();
}
