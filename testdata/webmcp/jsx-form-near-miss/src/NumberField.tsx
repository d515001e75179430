// A labelled number input used across the site.
export function NumberField(props: { name: string; label: string; min: number; max: number }) {
  return (
    <label>
      {props.label}
      <input name={props.name} type="number" min={props.min} max={props.max} required />
    </label>
  );
}
