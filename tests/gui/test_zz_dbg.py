from tests.gui.test_table_view import new_game, make_view, at, QTest
from PySide6.QtWidgets import QApplication
def test_dbg(qtbot):
    game = new_game()
    view = make_view(qtbot, game)
    view.select("alpha")
    got = []
    orig = view.mouseMoveEvent
    view.mouseMoveEvent = lambda e: (got.append((e.position(), e.buttons())), orig(e))
    p = at(view, *game.unit("i1").figures[0].pos)
    from PySide6.QtGui import QCursor, QGuiApplication
    print("cursor", QApplication.instance().mouseButtons(), QApplication.activePopupWidget(), QGuiApplication.modalWindow(), QApplication.activeModalWidget(), QCursor.pos(), view.viewport().mapToGlobal(p), [w for w in QApplication.topLevelWidgets() if w.isVisible()])
    QTest.mouseMove(view.viewport(), p)
    print("modal", [(w.isModal(), w.windowModality()) for w in QApplication.topLevelWidgets() if w.isVisible()]); print("moves", got, view.unit_at(p), view._press, view._hover_uid, view.report)
    assert got
