"""The preview's rows with their own components (issue 39): a table bound to a `cells:` entry whose
view model has a `view:` draws each row's components with the row's values, and a button in a
row taps that row alone, as `tap: { cart.plusButton: { row: 2 } }` does in a scenario; a row's
button is disabled while its `enabled:` is false on that row, and a row's stepper steps that row.
Run from preview_e2e.py (PREVIEW_E2E_ONLY=row_views runs it alone)."""
from playwright.sync_api import expect

from preview_support import open_page, start_preview, write_extra

CART = """screen: Cart
types:
  Item: { id: Int, name: String }
state:
  items: { type: "[Item]", initial: [{ id: 1, name: Tea }, { id: 2, name: Cake }] }
viewModels:
  CartRow:
    params: { item: Item }
    inputs: { increment: event, quantity: Int }
    state: { units: { type: Int, initial: 1 } }
    outputs:
      caption: '"\\(units) x \\(item.name)"'
    handlers:
      - { on: increment, set: { units: units + 1 } }
      - { on: quantity, set: { units: quantity } }
    view:
      captionLabel: { label: { text: caption } }
      plusButton: { button: { title: '"+"', tap: increment, enabled: units < 3 } }
      quantityStepper:
        stepper:
          minimumValue: 1
          maximumValue: 5
          value: { twoWay: quantity, get: Double(units), set: Int(quantityStepper.value) }
cells:
  cart: { viewModel: CartRow, for: items }
view:
  list: { table: { rows: cart } }
"""


def row_views(browser):
    process, url = start_preview(write_extra("cart.yaml", CART))
    errors = []
    try:
        page = open_page(browser, url, errors)
        expect(page.locator("#connection")).to_have_text("live")
        captions = page.locator('[data-component="list"] [data-row-component="captionLabel"]')
        plus = page.locator('[data-component="list"] [data-row-gesture="cart.plusButton"]')
        expect(captions).to_have_text(["1 x Tea", "1 x Cake"])
        expect(plus).to_have_text(["+", "+"])
        plus.nth(1).click()
        expect(captions).to_have_text(["1 x Tea", "2 x Cake"])
        plus.nth(1).click()
        expect(captions).to_have_text(["1 x Tea", "3 x Cake"])
        # Three units: the row's plus button is disabled on that row alone.
        expect(plus.nth(1)).to_be_disabled()
        expect(plus.nth(0)).to_be_enabled()
        # The row's stepper: − steps row 2 back to 2, which enables its plus button again.
        page.locator('[data-component="list"] [aria-label="quantityStepper −"]').nth(1).click()
        expect(captions).to_have_text(["1 x Tea", "2 x Cake"])
        expect(plus.nth(1)).to_be_enabled()
        if errors:
            raise SystemExit("console errors on rows with their own view: %s" % errors)
    finally:
        process.terminate()
        process.wait()
    print("ok: a row's own components drawn with the row's values, a row's button tapping that row, disabled on it, its stepper stepping it")
