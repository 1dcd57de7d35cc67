/*
 * The browser tab's title: the screen's, prefixed with what waits for the person ("(2) Approvals · Counterfoil"),
 * so a tab in the background says when a decision is needed.
 */
let screen = '';
let waiting = 0;

function render(): void {
  document.title = `${waiting > 0 ? `(${waiting}) ` : ''}${screen ? `${screen} · ` : ''}Counterfoil`;
}

export function setScreenTitle(title: string): void {
  screen = title;
  render();
}

export function setWaitingCount(count: number): void {
  waiting = count;
  render();
}
